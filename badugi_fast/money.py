"""Money, exactly: amounts as integer hundredths of the table's unit, read from and written as text.

Every amount in the model of a hand and in the records is an ``int`` number of hundredths (``SCALE``) of the
table's unit: cents for cash games, hundredths of a chip in tournaments, so ``$0.25`` is 25 and ``1,285`` chips is
128500; never a float. ``places`` says how a site writes its amounts: 2 decimals for money, 0 for whole chips.
"""

from __future__ import annotations

__all__ = ["MOST_DIGITS", "SCALE", "amount_text", "hundredths_of", "parse_amount"]

#: Hundredths: every amount is ``site amount * SCALE``, exactly.
SCALE = 100
#: The most digits the whole part of an amount may have (leading zeros aside): 10^30 dollars is far beyond any
#: site, and it keeps every sum of a hand (however many lines it has) far below the 4,300 digits past which Python
#: refuses to turn an int into text or back, so that every amount read can be written out exactly.
MOST_DIGITS = 30


def parse_amount(text: str) -> int:
    """Hundredths in a site's amount text: ``$`` and other currency signs, thousands separators, up to 2 decimals.
    Mirrored in csrc/stars.c: amount().

    >>> parse_amount("$0.25"), parse_amount("1,285"), parse_amount("5.5"), parse_amount("$5"), parse_amount("€1.05")
    (25, 128500, 550, 500, 105)
    >>> parse_amount("1.234")
    Traceback (most recent call last):
    ...
    ValueError: not an amount: '1.234'
    >>> parse_amount("1" + "0" * 30)
    Traceback (most recent call last):
    ...
    ValueError: amount too large: 31 digits (at most 30) in '1000000000000000000000000000000'
    """
    known = _AMOUNTS.get(text)
    if known is not None:
        return known
    clean = text.strip().lstrip("$€£").replace(",", "")
    whole, dot, fraction = clean.partition(".")
    if not (_digits(whole) or (dot and not whole)) or len(fraction) > 2 or (dot and not _digits(fraction)):
        raise ValueError(f"not an amount: {text!r}")
    if len(whole) > MOST_DIGITS:  # leading zeros do not count, but int() would count them
        whole = whole.lstrip("0")
        if len(whole) > MOST_DIGITS:
            raise ValueError(f"amount too large: {len(whole)} digits (at most {MOST_DIGITS}) in {_clipped(text)!r}")
    value = int(whole or "0") * SCALE + int(fraction.ljust(2, "0") if dot else "0")
    if len(text) <= _KEY_LENGTH:
        if len(_AMOUNTS) >= _AMOUNTS_KEPT:
            _AMOUNTS.clear()
        _AMOUNTS[text] = value
    return value


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` would take ``٤٠`` and ``²``)."""
    return text.isdigit() and text.isascii()


#: Amounts already read: the same few dozen bets and blinds come back in every hand of a file (a speed-up).
_AMOUNTS: dict[str, int] = {}
_AMOUNTS_KEPT = 4096
#: The longest text the cache keeps: real amounts are short, and a hostile file of long lines must not fill it.
_KEY_LENGTH = 64


def _clipped(text: str, most: int = 60) -> str:
    """``text``, or its start and end around an ellipsis when it is longer than ``most`` characters."""
    return text if len(text) <= most else f"{text[: most // 2]}…{text[-most // 2 :]}"


def amount_text(hundredths: int, places: int = 2) -> str:
    """An amount in hundredths as the site would write it: 2 decimals, or none for whole chips (``places`` 0). Its C
    mirror, ``csrc/render.c: put_money()``, writes the records of the hands C answered.

    >>> amount_text(545), amount_text(-5), amount_text(10000, 0), amount_text(150, 0), amount_text(-25, 0)
    ('5.45', '-0.05', '100', '1.50', '-0.25')
    """
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), SCALE)
    if places == 0 and not cents:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{cents:02d}"


def hundredths_of(value: object, what: str) -> int:
    """A number (an int, or a ``Decimal`` as PHH's TOML floats are read) of the table's unit as hundredths:
    ValueError when it is not a finite number with at most two decimals and at most ``MOST_DIGITS`` digits before
    them.

    >>> from decimal import Decimal
    >>> hundredths_of(5, "x"), hundredths_of(Decimal("0.25"), "x"), hundredths_of(Decimal("1e3"), "x")
    (500, 25, 100000)
    >>> hundredths_of(Decimal("0.125"), "the small bet")
    Traceback (most recent call last):
    ...
    ValueError: the small bet is 0.125: an amount has at most two decimals
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) >= 10**MOST_DIGITS:
            raise ValueError(f"{what} is too large: more than {MOST_DIGITS} digits")
        return value * SCALE
    import decimal  # only for PHH's numbers (which its TOML reader makes Decimals): not imported by every start
    from decimal import Decimal

    if not isinstance(value, Decimal):
        raise ValueError(f"{what} is {value!r}: not a number")
    if not value.is_finite():
        raise ValueError(f"{what} is {value}: not a finite number")
    if abs(value) >= Decimal(10) ** MOST_DIGITS:
        raise ValueError(f"{what} is too large: more than {MOST_DIGITS} digits")
    with decimal.localcontext() as context:
        context.prec = 2 * MOST_DIGITS  # exact: every amount that gets here has fewer digits
        scaled = value * SCALE
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{what} is {value}: an amount has at most two decimals")
        return int(scaled)
