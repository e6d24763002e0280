"""The bits of TOML that PHH needs: values written exactly (strings escaped; money is written by
``badugi_fast.money.amount_text``, exact decimals, never floats) and documents read as the standard library's
``tomllib`` reads them, but in bounded time and memory (``toml_reader``, imported by the PHH reader when Python
reads a hand: the commands C serves do not compile its patterns).

A PHH amount is a plain number in the table's unit: ``0.25`` for 25 cents, ``1500`` for 1,500 tournament chips. It
is read back as a ``Decimal`` (never a float), so ``0.1 + 0.2`` stays ``0.3``, and turned into the model's
hundredths by ``badugi_fast.money.hundredths_of``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["array", "string"]

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


def array(items: Iterable[str]) -> str:
    """Values already written, as a TOML array on one line.

    >>> array(["1", "2"])
    '[1, 2]'
    """
    return f"[{', '.join(items)}]"
