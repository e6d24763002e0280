"""The words of a PokerStars Badugi hand history, defined once: the writer writes them, the reader (with
``history.lines``, which Full Tilt and KingsClub share) recognises them, and ``csrc/stars.c`` spells again the
ones it reads, naming these definitions in its comments.

A hand as PokerStars writes it, and the names of the words each line is made of (the header: ``HEADER_PREFIX``,
the first of ``HAND_NUMBERS``, ``GAME``, ``LIMITS``)::

    PokerStars Game #71000000001:  Badugi Limit ($0.25/$0.50 USD) - 2026/11/29 12:21:00 ET
    Table 'Sample Cash' 6-max Seat #1 is the button                                          IS_THE_BUTTON
    Seat 1: Hero ($10 in chips)                                                              SEAT IN_CHIPS
    Alice: posts small blind $0.10                                                           POSTS BLINDS
    *** DEALING HANDS ***                                                                    marker_line DEALING
    Dealt to Hero [3c Tc Kc 2c]                                                              DEALT_TO
    Bob: raises $0.25 to $0.50 and is all-in                                                 RAISES TO ALL_IN
    Uncalled bet ($0.25) returned to Bob                                                     UNCALLED RETURNED_TO
    *** FIRST DRAW ***                                                                       DRAWS
    Alice: discards 2 cards                                                                  DISCARDS CARD_COUNTS
    Hero: stands pat on [2c 4d 6h 8s]                                                        STANDS_PAT ON
    *** SHOW DOWN ***                                                                        SHOW_DOWN
    Hero: shows [2c 4d 6h 8s] (Badugi: 8,6,4,2)                                              SHOWS description
    Hero collected $5.70 from pot                                                            COLLECTED FROM pot_names
    *** SUMMARY ***                                                                          SUMMARY
    Total pot $5.95 | Rake $0.25                                                             TOTAL_POT FEES RAKE
    Seat 1: Hero (button) showed [2c 4d 6h 8s] and won ($5.70) with a Badugi: 8,6,4,2        TAGS SHOWED WON WITH_A
"""

from __future__ import annotations

from badugi_fast.cards import RANK_CHARS
from badugi_fast.ranks import rank_values
from badugi_fast.rules.limits import FIXED, HALF_POT, NO_LIMIT, POT

__all__ = [
    "ALL_IN",
    "BETS",
    "BLINDS",
    "CALLS",
    "CAPPED",
    "CARD_COUNTS",
    "CHECKS",
    "COLLECTED",
    "DEALING",
    "DEALT_TO",
    "DISCARDS",
    "DOESNT_SHOW",
    "DRAWS",
    "FEES",
    "FOLDED",
    "FOLDED_FREE",
    "FOLDS",
    "FROM",
    "GAME",
    "HAND_NUMBERS",
    "HEADER_PREFIX",
    "IN_CHIPS",
    "IS_THE_BUTTON",
    "LIMITS",
    "LOST",
    "MARKER",
    "MUCKED",
    "MUCKS",
    "ON",
    "POSTS",
    "RAISES",
    "RAKE",
    "RETURNED_TO",
    "SEAT",
    "SHOWED",
    "SHOWS",
    "SHOW_DOWN",
    "SITE",
    "STANDS",
    "STANDS_PAT",
    "SUMMARY",
    "TAGS",
    "TO",
    "TOTAL_POT",
    "UNCALLED",
    "WITH_A",
    "WON",
    "description",
    "marker_line",
    "pot_names",
]

SITE = "PokerStars"

# ---- the header and the table ------------------------------------------------------------------------------------

#: Every hand starts with this, then the hand number after one of ``HAND_NUMBERS`` (the first is the older and the
#: writer's; newer files write the second).
HEADER_PREFIX = "PokerStars "
HAND_NUMBERS = ("Game #", "Hand #")
GAME = "Badugi"
#: The betting structure as the header names it, keyed by ``badugi_fast.rules.limits``' names (which are
#: ``history.common.game_info``'s too).
LIMITS = {FIXED: "Limit", POT: "Pot Limit", HALF_POT: "Half Pot Limit", NO_LIMIT: "No Limit"}
IS_THE_BUTTON = " is the button"  # "Table 'Sample Cash' 6-max Seat #1 is the button"
SEAT = "Seat "  # "Seat 1: Hero ($10 in chips)", and the seat lines of the summary
IN_CHIPS = " in chips"

# ---- the parts of a hand -----------------------------------------------------------------------------------------


MARKER = "***"


def marker_line(words: str) -> str:
    """The line that starts a part of the hand: ``*** FIRST DRAW ***`` (``lines.marker`` reads the words back).

    >>> marker_line(DRAWS[0])
    '*** FIRST DRAW ***'
    """
    return f"{MARKER} {words} {MARKER}"


DEALING = "DEALING HANDS"
#: The marker words of draws 1, 2 and 3.
DRAWS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
SHOW_DOWN = "SHOW DOWN"
SUMMARY = "SUMMARY"

# ---- actions: "name: verb ..." -----------------------------------------------------------------------------------

POSTS = "posts"
#: What a player posts, by the engine's name of the blind: "Alice: posts small blind $0.10".
BLINDS = {"small": "small blind", "big": "big blind"}
FOLDS = "folds"
CHECKS = "checks"
CALLS = "calls"  # "Bob: calls $0.25", the chips added
BETS = "bets"  # "Bob: bets $0.50"
RAISES = "raises"
TO = " to "  # "Bob: raises $0.25 to $0.50": the raise, then the player's total for the round
#: The end of an action that puts in the player's last chip: "Bob: calls $0.20 and is all-in".
ALL_IN = " and is all-in"
DISCARDS = "discards"  # "Alice: discards 2 cards", and the hero's "Hero: discards 2 cards [Kc Qd]"
#: How many cards a draw changes (0 is never written: that is standing pat).
CARD_COUNTS = ("0 cards", "1 card", "2 cards", "3 cards", "4 cards")
STANDS = "stands"
STANDS_PAT = "stands pat"  # "Alice: stands pat", and the hero's "Hero: stands pat on [2c 4d 6h 8s]"
ON = " on "
SHOWS = "shows"  # "Hero: shows [2c 4d 6h 8s] (Badugi: 8,6,4,2)"
MUCKS = "mucks"
DOESNT_SHOW = "doesn't show hand"
#: "Dealt to Hero [3c Tc Kc 2c]"; after a draw the cards kept, then the new ones: "Dealt to Hero [2c] [4c Ts Jc]".
DEALT_TO = "Dealt to "
UNCALLED = "Uncalled bet "  # "Uncalled bet ($0.25) returned to Bob"
RETURNED_TO = " returned to "
CAPPED = "Betting is capped"
COLLECTED = " collected "  # "Hero collected $5.70 from pot", and "Seat 1: Hero collected ($5.70)" in the summary
FROM = " from "


def pot_names(count: int) -> tuple[str, ...]:
    """PokerStars' names of ``count`` pots, main pot first: ``X collected $1 from side pot-2``, and capitalised in
    the summary: ``Total pot $9 Main pot $4. Side pot-1 $3. Side pot-2 $2. | Rake $0``.

    >>> pot_names(1), pot_names(2), pot_names(3)
    (('pot',), ('main pot', 'side pot'), ('main pot', 'side pot-1', 'side pot-2'))
    """
    if count == 1:
        return ("pot",)
    if count == 2:
        return ("main pot", "side pot")
    return ("main pot", *(f"side pot-{number}" for number in range(1, count)))


def description(rank: int) -> str:
    """PokerStars' words for the hand of rank number ``rank``: ``Badugi: 8,4,3,A``, ``3-card: T,7,2``.

    >>> description(1), description(1092)
    ('Badugi: 4,3,2,A', '1-card: K')
    """
    values = rank_values(rank)
    text = ",".join(RANK_CHARS[value - 1] for value in values)
    return f"Badugi: {text}" if len(values) == 4 else f"{len(values)}-card: {text}"


# ---- the summary -------------------------------------------------------------------------------------------------

TOTAL_POT = "Total pot "  # "Total pot $5.95 | Rake $0.25", or with the pots: "Total pot $9 Main pot $4. Side pot $5."
FEES = " | "  # before each fee
RAKE = "Rake "
#: What the summary adds after the seat of the button and the blinds: "Seat 2: Alice (small blind) folded ...".
TAGS = {"button": " (button)", "small": " (small blind)", "big": " (big blind)"}
SHOWED = " showed ["  # "Seat 1: Hero showed [2c 4d 6h 8s] and won ($5.70) with a Badugi: 8,6,4,2"
MUCKED = " mucked ["  # "Seat 5: Carol mucked [5s 4h Ad Js]"
WON = "won"
LOST = "lost"
WITH_A = " with a "
#: A player who folded in betting round 0..3 (and before the draw without putting in a chip).
FOLDED = (
    "folded before the Draw",
    "folded after the 1st Draw",
    "folded after the 2nd Draw",
    "folded after the 3rd Draw",
)
FOLDED_FREE = "folded before the Draw (didn't bet)"
