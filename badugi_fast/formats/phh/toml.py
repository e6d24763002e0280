"""The bits of TOML that PHH needs: values written exactly (strings escaped, money as exact decimals, never floats)
and documents read with the standard library's ``tomllib`` (``tomli``, its backport, on Python 3.10).

Money in the model is integer hundredths (``model.SCALE``); a PHH amount is a plain number in the table's unit:
``0.25`` for 25 cents, ``1500`` for 1,500 tournament chips. It is read back as a ``Decimal`` (never a float), so
``0.1 + 0.2`` stays ``0.3``.
"""

from __future__ import annotations

import decimal
import re
import sys
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from badugi_fast.formats.common import MOST_DIGITS

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport of the same module (a dependency on Python 3.10 only)
    import tomli as tomllib

__all__ = ["TOMLDecodeError", "amount", "array", "hundredths", "loads", "string"]

TOMLDecodeError = tomllib.TOMLDecodeError

#: What a TOML basic string cannot hold as it is: the quote, the backslash, control characters (and surrogates,
#: which are not characters and cannot be written in UTF-8 at all).
_UNSAFE = re.compile('[\x00-\x1f\x7f"\\\\\ud800-\udfff]')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def string(text: str) -> str:
    r"""``text`` as a TOML basic string: quotes, backslashes and control characters escaped, the rest as it is.

    >>> print(string('Mr "X" \\ Ño\n'))
    "Mr \"X\" \\ Ño\n"
    >>> string("bell\x07"), string("\ud800")
    Traceback (most recent call last):
    ...
    ValueError: a lone surrogate (U+D800) cannot be written in TOML: in '\ud800'
    """
    if _UNSAFE.search(text) is None:
        return f'"{text}"'
    return f'"{_UNSAFE.sub(lambda found: _escape(found.group(), text), text)}"'


def _escape(character: str, text: str) -> str:
    if character in _ESCAPES:
        return _ESCAPES[character]
    code = ord(character)
    if 0xD800 <= code <= 0xDFFF:
        raise ValueError(f"a lone surrogate (U+{code:04X}) cannot be written in TOML: in {text!r}")
    return f"\\u{code:04X}"


def amount(hundredths: int, places: int) -> str:
    """An amount of hundredths as an exact TOML number: two decimals for money (``places`` 2), a whole number for
    whole chips (``places`` 0).

    >>> amount(25, 2), amount(500, 2), amount(-25, 2), amount(150000, 0), amount(150, 0)
    ('0.25', '5.00', '-0.25', '1500', '1.50')
    """
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), 100)
    if places == 0 and not cents:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{cents:02d}"


def array(items: Iterable[str]) -> str:
    """Values already written, as a TOML array on one line.

    >>> array(["1", "2"])
    '[1, 2]'
    """
    return f"[{', '.join(items)}]"


def loads(text: str) -> dict[str, Any]:
    """A TOML document; its floats are ``Decimal`` (exact)."""
    document: dict[str, Any] = tomllib.loads(text, parse_float=Decimal)
    return document


def hundredths(value: object, what: str) -> int:
    """A PHH amount (a TOML integer, or a float read as a ``Decimal``) as hundredths: ValueError when it is not a
    finite number with at most two decimals and at most ``MOST_DIGITS`` digits before them.

    >>> hundredths(5, "x"), hundredths(Decimal("0.25"), "x"), hundredths(Decimal("1e3"), "x")
    (500, 25, 100000)
    >>> hundredths(Decimal("0.125"), "the small bet")
    Traceback (most recent call last):
    ...
    ValueError: the small bet is 0.125: an amount has at most two decimals
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ValueError(f"{what} is {value!r}: not a number")
    if isinstance(value, int):
        if abs(value) >= 10**MOST_DIGITS:
            raise ValueError(f"{what} is too large: more than {MOST_DIGITS} digits")
        return value * 100
    if not value.is_finite():
        raise ValueError(f"{what} is {value}: not a finite number")
    if abs(value) >= Decimal(10) ** MOST_DIGITS:
        raise ValueError(f"{what} is too large: more than {MOST_DIGITS} digits")
    with decimal.localcontext() as context:
        context.prec = 2 * MOST_DIGITS  # exact: every amount that gets here has fewer digits
        scaled = value * 100
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{what} is {value}: an amount has at most two decimals")
        return int(scaled)
