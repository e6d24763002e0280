"""The rules of recorded hands where chips run short or are dead (docs/rules.md), held in both backends.

Crafted hands of a PokerStars limit tournament (and PHH where the rule shows there): each all-in play of
PokerStars' rules for limit games (an all-in raise of at least half a raise reopens the betting and the next raise
completes to a full raise above the last full level; one of less does not reopen; an all-in bet for less may be
completed), a big blind with nothing to decide, a dead small blind, unequal antes, short blinds and blinds bigger
than the stack, uncalled bets per betting round; each honest and forged. Every hand is scored by the Python reader
alone and by ``history.read`` (the C reader, which hands Python what it does not vouch for): the records must be
equal, with the status the rules give, and C must answer the honest hands itself.

Two of these hands catch planted bugs that once survived the suite: ``csrc/rules.c`` accepting a fixed-limit bet
above the limit (the over-limit bet), and ``formats/replay.py`` not treating a big blind all in for exactly its
stack as short (the short big blind).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from both_ways import both_ways

from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.sites import headers_in
from badugi_fast.rules.engine import HandState, IllegalActionError, TableRules

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")


def tournament(number: int, seats: list[tuple[str, int]], play: str, stakes: str = "60/120", button: int = 1) -> str:
    """A PokerStars Badugi limit tournament hand: ``seats`` (name, chips) from seat 1, then ``play``."""
    lines = [
        f"PokerStars Hand #9000000{number:04d}: Tournament #900000009, 100+10 Badugi Limit - Level V ({stakes}) - "
        "2026/11/29 12:01:00 ET",
        f"Table '900000009 1' 9-max Seat #{button} is the button",
        *(f"Seat {seat}: {name} ({chips} in chips)" for seat, (name, chips) in enumerate(seats, 1)),
    ]
    return "\n".join(lines) + "\n" + play + "\n\n"


def checks(*names: str) -> str:
    return "".join(f"{name}: checks\n" for name in names)


def pat(*names: str) -> str:
    return "".join(f"{name}: stands pat\n" for name in names)


def later(players: tuple[str, ...], betting: tuple[str, ...]) -> str:
    """The second and third draws (everyone pat) with ``betting`` checking after each."""
    return "".join(f"*** {word} DRAW ***\n" + pat(*players) + checks(*betting) for word in ("SECOND", "THIRD"))


ANN, BEN, CAL, DEE = "As 2d 3h 4c", "5s 6d 7h 8c", "9s Td Jh Qc", "Ks Kd Kh Kc"


def shows(name: str, cards: str) -> str:
    return f"{name}: shows [{cards}]\n"


# ---- the hands ------------------------------------------------------------------------------------------------------

#: Small bet 60: Ben bets 60, Cal raises to 120, Ann is all in to 150 (half a raise: the betting reopens); Ben, who
#: has bet already, raises to 180: a full raise above the last full level (120), not above 150.
HALF_RAISE_REOPENS = tournament(
    1,
    [("Ann", 210), ("Ben", 1500), ("Cal", 1500)],
    "Ben: posts small blind 30\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Ann: calls 60\nBen: calls 30\nCal: checks\n*** FIRST DRAW ***\n"
    "Ben: discards 1 card\nCal: discards 1 card\nAnn: discards 1 card\n"
    "Ben: bets 60\nCal: raises 60 to 120\nAnn: raises 30 to 150 and is all-in\nBen: raises 30 to 180\nCal: calls 60\n"
    + later(("Ben", "Cal", "Ann"), ("Ben", "Cal"))
    + "*** SHOW DOWN ***\n"
    + shows("Ben", BEN)
    + shows("Cal", CAL)
    + "Ben collected 60 from side pot\n"
    + shows("Ann", ANN)
    + "Ann collected 630 from main pot\n*** SUMMARY ***\nTotal pot 690 Main pot 630. Side pot 60. | Rake 0",
)

#: Small bet 60: Ann all in to 140 over Cal's raise to 120 is less than half a raise: Cal and Dee, who have acted
#: since that raise, may only call (Ben, who has not, may call or raise to 180).
SHORT_RAISE_CLOSES = tournament(
    2,
    [("Ann", 200), ("Ben", 1500), ("Cal", 1500), ("Dee", 1500)],
    "Ben: posts small blind 30\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Dee: calls 60\nAnn: calls 60\nBen: calls 30\nCal: checks\n*** FIRST DRAW ***\n"
    "Ben: discards 1 card\nCal: discards 1 card\nDee: discards 1 card\nAnn: discards 1 card\n"
    "Ben: bets 60\nCal: raises 60 to 120\nDee: calls 120\nAnn: raises 20 to 140 and is all-in\n"
    "Ben: calls 80\nCal: calls 20\nDee: calls 20\n"
    + later(("Ben", "Cal", "Dee", "Ann"), ("Ben", "Cal", "Dee"))
    + "*** SHOW DOWN ***\n"
    + shows("Ben", BEN)
    + shows("Cal", CAL)
    + shows("Dee", "Kc Qs Jd Th")
    + shows("Ann", ANN)
    + "Ann collected 800 from pot\n*** SUMMARY ***\nTotal pot 800 | Rake 0",
)

#: Bet 300: Ann bets her last 50; Ben, the next to act, completes the bet to 300 (a raise of 250, not to 350).
SHORT_BET_COMPLETED = tournament(
    3,
    [("Cal", 5000), ("Ann", 350), ("Ben", 5000)],
    "Ann: posts small blind 150\nBen: posts big blind 300\n*** DEALING HANDS ***\n"
    "Cal: calls 300\nAnn: calls 150\nBen: checks\n*** FIRST DRAW ***\n"
    "Ann: discards 1 card\nBen: discards 1 card\nCal: discards 1 card\n"
    "Ann: bets 50 and is all-in\nBen: raises 250 to 300\nCal: calls 300\n"
    + later(("Ann", "Ben", "Cal"), ("Ben", "Cal"))
    + "*** SHOW DOWN ***\n"
    + shows("Ben", BEN)
    + shows("Cal", CAL)
    + "Ben collected 500 from side pot\n"
    + shows("Ann", ANN)
    + "Ann collected 1050 from main pot\n*** SUMMARY ***\nTotal pot 1550 Main pot 1050. Side pot 500. | Rake 0",
    stakes="300/600",
)

#: Ben calls all in for less than the big blind and Ann has folded: Cal, the big blind, has nothing to decide
#: (PokerStars writes nothing for him); 20 of his blind is not called.
BIG_BLIND_IDLE = tournament(
    4,
    [("Ann", 1500), ("Ben", 40), ("Cal", 1500)],
    "Ben: posts small blind 30\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Ann: folds\nBen: calls 10 and is all-in\nUncalled bet (20) returned to Cal\n*** FIRST DRAW ***\n"
    "Ben: discards 1 card\nCal: discards 1 card\n"
    + later(("Ben", "Cal"), ())
    + "*** SHOW DOWN ***\n"
    + shows("Ben", ANN)
    + shows("Cal", CAL)
    + "Ben collected 80 from pot\n*** SUMMARY ***\nTotal pot 80 | Rake 0",
)

#: A cash game: Cara posts a dead small blind with her big blind (10 of her 35 is dead money) and raises; everyone
#: folds: 25 of her raise is not called (not 35: the dead part was never a bet).
DEAD_SMALL_BLIND = """PokerStars Hand #90000000005:  Badugi Limit ($0.25/$0.50 USD) - 2026/11/29 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cal ($10 in chips)
Seat 4: Cara ($10 in chips)
Bob: posts small blind $0.10
Cal: posts big blind $0.25
Cara: posts small & big blinds $0.35
*** DEALING HANDS ***
Cara: raises $0.25 to $0.50
Ann: folds
Bob: folds
Cal: folds
Uncalled bet ($0.25) returned to Cara
Cara collected $0.70 from pot
Cara: doesn't show hand
*** SUMMARY ***
Total pot $0.70 | Rake $0


"""

#: A big blind ante (only Cal posts one: the antes are unequal); Ann raises and everyone folds: 60 of her raise is
#: not called (the ante was never a bet).
BIG_BLIND_ANTE = tournament(
    6,
    [("Ann", 1500), ("Ben", 1500), ("Cal", 1500)],
    "Cal: posts the ante 60\nBen: posts small blind 30\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Ann: raises 60 to 120\nBen: folds\nCal: folds\nUncalled bet (60) returned to Ann\n"
    "Ann collected 210 from pot\nAnn: doesn't show hand\n*** SUMMARY ***\nTotal pot 210 | Rake 0",
)

#: Ben posts his whole stack (20) as the small blind: he is all in for less.
SHORT_SMALL_BLIND = tournament(
    7,
    [("Ann", 1500), ("Ben", 20), ("Cal", 1500)],
    "Ben: posts small blind 20 and is all-in\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Ann: folds\nUncalled bet (40) returned to Cal\n*** FIRST DRAW ***\nBen: discards 1 card\nCal: discards 1 card\n"
    + later(("Ben", "Cal"), ())
    + "*** SHOW DOWN ***\n"
    + shows("Ben", BEN)
    + shows("Cal", ANN)
    + "Cal collected 40 from pot\n*** SUMMARY ***\nTotal pot 40 | Rake 0",
)

#: Cal's big blind takes exactly his stack (40 of a 60 blind): short, so Ann must still call a whole big blind,
#: and 20 of it is not called.
SHORT_BIG_BLIND = tournament(
    8,
    [("Ann", 1500), ("Ben", 1500), ("Cal", 40)],
    "Ben: posts small blind 30\nCal: posts big blind 40 and is all-in\n*** DEALING HANDS ***\n"
    "Ann: calls 60\nBen: folds\nUncalled bet (20) returned to Ann\n*** FIRST DRAW ***\n"
    "Cal: discards 1 card\nAnn: discards 1 card\n"
    + later(("Cal", "Ann"), ())
    + "*** SHOW DOWN ***\n"
    + shows("Cal", ANN)
    + shows("Ann", BEN)
    + "Cal collected 110 from pot\n*** SUMMARY ***\nTotal pot 110 | Rake 0",
)

#: Antes of 10, then Cal's big blind of 40 takes the rest of his stack: short too (Ann calls a whole 60).
SHORT_BIG_BLIND_AFTER_ANTE = tournament(
    12,
    [("Ann", 1500), ("Ben", 1500), ("Cal", 50)],
    "Ann: posts the ante 10\nBen: posts the ante 10\nCal: posts the ante 10\n"
    "Ben: posts small blind 30\nCal: posts big blind 40 and is all-in\n*** DEALING HANDS ***\n"
    "Ann: calls 60\nBen: folds\nUncalled bet (20) returned to Ann\n*** FIRST DRAW ***\n"
    "Cal: discards 1 card\nAnn: discards 1 card\n"
    + later(("Cal", "Ann"), ())
    + "*** SHOW DOWN ***\n"
    + shows("Cal", ANN)
    + shows("Ann", BEN)
    + "Cal collected 140 from pot\n*** SUMMARY ***\nTotal pot 140 | Rake 0",
)

#: Cal is all in on his big blind and the site folds him during the first draw (sitting out): he never acted
#: before it, so he had no chance to three-bet.
FOLDED_ALL_IN = tournament(
    9,
    [("Ann", 1500), ("Ben", 1500), ("Cal", 60)],
    "Ben: posts small blind 30\nCal: posts big blind 60 and is all-in\n*** DEALING HANDS ***\n"
    "Ann: raises 60 to 120\nBen: folds\nUncalled bet (60) returned to Ann\n*** FIRST DRAW ***\nCal: folds\n"
    "Ann collected 150 from pot\n*** SUMMARY ***\nTotal pot 150 | Rake 0",
)

#: Small bet 60, but Ben bets 100 after the first draw; everyone folds and the site returns the 100 (forged).
OVER_LIMIT = tournament(
    10,
    [("Ann", 1500), ("Ben", 1500), ("Cal", 1500)],
    "Ben: posts small blind 30\nCal: posts big blind 60\n*** DEALING HANDS ***\n"
    "Ann: calls 60\nBen: calls 30\nCal: checks\n*** FIRST DRAW ***\n"
    "Ben: discards 1 card\nCal: discards 1 card\nAnn: discards 1 card\n"
    "Ben: bets 100\nCal: folds\nAnn: folds\nUncalled bet (100) returned to Ben\n"
    "Ben collected 180 from pot\nBen: doesn't show hand\n*** SUMMARY ***\nTotal pot 180 | Rake 0",
)

#: No limit (blinds 0.25/0.50): Cal's all-in raise of 0.30 over Ann's raise to 1 is less than a full raise (0.50):
#: Ann and Ben, who have acted, may only call.
NO_LIMIT_SHORT_RAISE = (
    "PokerStars Hand #90000000011:  Badugi No Limit ($0.25/$0.50 USD) - 2026/11/29 12:00:00 ET\n"
    "Table 'T' 6-max Seat #1 is the button\nSeat 1: Ann ($100 in chips)\nSeat 2: Ben ($100 in chips)\n"
    "Seat 3: Cal ($1.30 in chips)\nBen: posts small blind $0.25\nCal: posts big blind $0.50\n*** DEALING HANDS ***\n"
    "Ann: raises $0.50 to $1\nBen: calls $0.75\nCal: raises $0.30 to $1.30 and is all-in\nAnn: calls $0.30\n"
    "Ben: calls $0.30\n*** FIRST DRAW ***\nBen: discards 1 card\nCal: discards 1 card\nAnn: discards 1 card\n"
    "Ben: checks\nAnn: checks\n"
    + later(("Ben", "Cal", "Ann"), ("Ben", "Ann"))
    + "*** SHOW DOWN ***\n"
    + shows("Ben", BEN)
    + shows("Ann", CAL)
    + shows("Cal", ANN)
    + "Cal collected $3.90 from pot\n*** SUMMARY ***\nTotal pot $3.90 | Rake $0\n\n\n"
)

#: (hand, status): honest hands, which C must answer itself.
HONEST = [
    pytest.param(HALF_RAISE_REOPENS, "verified", id="half-raise-reopens"),
    pytest.param(SHORT_RAISE_CLOSES, "verified", id="short-raise-closes"),
    pytest.param(SHORT_BET_COMPLETED, "verified", id="short-bet-completed"),
    pytest.param(BIG_BLIND_IDLE, "verified", id="big-blind-idle"),
    pytest.param(
        BIG_BLIND_IDLE.replace("Ben: calls 10 and is all-in\n", "Ben: calls 10 and is all-in\nCal: checks\n"),
        "verified",
        id="big-blind-idle-checks",
    ),
    pytest.param(DEAD_SMALL_BLIND, "no_showdown", id="dead-small-blind"),
    pytest.param(BIG_BLIND_ANTE, "no_showdown", id="unequal-antes"),
    pytest.param(SHORT_SMALL_BLIND, "verified", id="short-small-blind"),
    pytest.param(SHORT_BIG_BLIND, "verified", id="short-big-blind"),
    pytest.param(SHORT_BIG_BLIND_AFTER_ANTE, "verified", id="short-big-blind-after-ante"),
    pytest.param(FOLDED_ALL_IN, "no_showdown", id="folded-all-in"),
    pytest.param(NO_LIMIT_SHORT_RAISE, "verified", id="no-limit-short-raise-closes"),
]

#: (hand, the rule broken): forged hands, each a mismatch saying why.
FORGED = [
    pytest.param(
        HALF_RAISE_REOPENS.replace("Ben: raises 30 to 180\nCal: calls 60", "Ben: raises 60 to 210\nCal: calls 90"),
        "Ben cannot raise to 210: the raise must be to exactly 180",
        id="half-raise-over-completed",
    ),
    pytest.param(
        SHORT_RAISE_CLOSES.replace("Cal: calls 20\n", "Cal: raises 40 to 180\n"),
        "Cal cannot raise: a short all-in raise does not reopen the betting for players who have acted",
        id="short-raise-reraised",
    ),
    pytest.param(
        SHORT_BET_COMPLETED.replace("Ben: raises 250 to 300\nCal: calls 300", "Ben: raises 300 to 350\nCal: calls 350"),
        "Ben cannot raise to 350: the raise must be to exactly 300",
        id="short-bet-over-completed",
    ),
    pytest.param(  # the site returns the dead blind too: 0.10 of chips that were in the pot come back
        DEAD_SMALL_BLIND.replace("Uncalled bet ($0.25)", "Uncalled bet ($0.35)").replace("$0.70", "$0.60"),
        "uncalled bets: site returned Cara 0.35, ours Cara 0.25",
        id="dead-small-blind-returned",
    ),
    pytest.param(  # nothing returned and the whole 270 paid: 60 chips made from nothing
        BIG_BLIND_ANTE.replace("Uncalled bet (60) returned to Ann\n", "").replace("210", "270"),
        "uncalled bets: site returned nothing, ours Ann 60",
        id="unequal-antes-none-returned",
    ),
    pytest.param(
        SHORT_SMALL_BLIND.replace("posts small blind 20 and is all-in", "posts small blind 30"),
        "Ben posts 30 of forced bets with a stack of 20",
        id="blind-over-stack",
    ),
    pytest.param(
        SHORT_BIG_BLIND.replace("Ann: calls 60\n", "Ann: calls 40\n"),
        "Ann calls 40 where the call is 60",
        id="short-big-blind-called-short",
    ),
    pytest.param(
        NO_LIMIT_SHORT_RAISE.replace("Ann: calls $0.30\n", "Ann: raises $1.70 to $3\n"),
        "Ann cannot raise: a short all-in raise does not reopen the betting for players who have acted",
        id="no-limit-short-raise-reraised",
    ),
    pytest.param(  # an over-limit bet every payout agrees with: only the rules catch it
        OVER_LIMIT,
        "Ben cannot bet to 100: the bet must be to exactly 60",
        id="over-limit-bet",
    ),
]


def stars_run(text: str) -> Run:
    data = text.encode()
    return Run("f", "PokerStars", 0, 0, tuple(headers_in(data, 0, len(data)).lines), data)


def phh_run(text: str) -> Run:
    data = text.encode()
    return Run("f", "PHH", 0, 0, tuple(headers_in(data, 0, len(data)).lines), data)


def both(run: Run, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """The record of the one hand of ``run`` by Python alone and by ``read.results``, and whether C answered."""
    (python,), (fast,), answered = both_ways(run, monkeypatch)
    return python, fast, answered == 1


@pytest.mark.parametrize(("text", "status"), HONEST)
def test_honest_hands_are_right_in_both_backends(text: str, status: str, monkeypatch: pytest.MonkeyPatch) -> None:
    python, fast, answered_by_c = both(stars_run(text), monkeypatch)
    assert (python["status"], python["reason"]) == (status, None)
    assert fast == python
    assert answered_by_c


@pytest.mark.parametrize(("text", "rule"), FORGED)
def test_forged_hands_are_mismatches_in_both_backends(text: str, rule: str, monkeypatch: pytest.MonkeyPatch) -> None:
    python, fast, _ = both(stars_run(text), monkeypatch)
    assert python["status"] == "mismatch"
    assert rule in python["reason"]
    assert fast == python


def entry(record: dict[str, Any], name: str) -> dict[str, Any]:
    return next(player for player in record["players"] if player["name"] == name)


def test_uncalled_bets_come_back_from_their_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """What each player put in, less what came back at the end of its round: the dead blind and the ante stay."""
    python, fast, _ = both(stars_run(DEAD_SMALL_BLIND), monkeypatch)
    assert fast == python
    assert [(p["name"], p["put_in"], p["net"]) for p in python["players"]] == [
        ("Ann", "0.00", "0.00"),
        ("Bob", "0.10", "-0.10"),
        ("Cal", "0.25", "-0.25"),
        ("Cara", "0.35", "0.35"),
    ]
    python, fast, _ = both(stars_run(BIG_BLIND_ANTE), monkeypatch)
    assert fast == python
    assert [(entry(python, name)["put_in"], entry(python, name)["net"]) for name in ("Ann", "Cal")] == [
        ("60", "150"),
        ("120", "-120"),
    ]


def test_a_player_all_in_folded_in_a_draw_had_no_three_bet_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    python, fast, answered_by_c = both(stars_run(FOLDED_ALL_IN), monkeypatch)
    assert answered_by_c
    assert fast == python
    cal = entry(python, "Cal")
    assert (cal["three_bet_chance"], cal["vpip"], cal["position"]) == (False, False, 1)


# ---- PHH -----------------------------------------------------------------------------------------------------------

#: HALF_RAISE_REOPENS in PHH (as ``badugi convert`` writes it): players from the left of the button.
PHH_HALF_RAISE = """[1]
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [30, 60, 0]
small_bet = 60
big_bet = 120
starting_stacks = [1500, 1500, 210]
actions = [
  "d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????",
  "p3 cc", "p1 cc", "p2 cc",
  "p1 sd ??", "p2 sd ??", "p3 sd ??", "d dh p1 ??", "d dh p2 ??", "d dh p3 ??",
  "p1 cbr 60", "p2 cbr 120", "p3 cbr 150", "p1 cbr 180", "p2 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc",
  "p1 sm 5s6d7h8c", "p2 sm 9sTdJhQc", "p3 sm As2d3h4c",
]
players = ["Ben", "Cal", "Ann"]
finishing_stacks = [1320, 1260, 630]
winnings = [60, 0, 630]
_rake = 0
"""

#: BIG_BLIND_ANTE in PHH: Ann's raise is not called, and 60 of it comes back.
PHH_ANTE = """[1]
variant = "FB"
antes = [0, 60, 0]
blinds_or_straddles = [30, 60, 0]
small_bet = 60
big_bet = 120
starting_stacks = [1500, 1500, 1500]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cbr 120", "p1 f", "p2 f"]
players = ["Ben", "Cal", "Ann"]
finishing_stacks = [1470, 1380, 1650]
winnings = [0, 0, 210]
_rake = 0
"""


#: Ben's small blind is his whole stack (30): all in for it; Cal has nothing to decide when Ann folds.
PHH_BLIND_ALL_IN = """[1]
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [30, 60, 0]
small_bet = 60
big_bet = 120
starting_stacks = [30, 1500, 1500]
actions = [
  "d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 f",
  "p1 sd", "p2 sd", "p1 sd", "p2 sd", "p1 sd", "p2 sd", "p1 sm As2d3h4c", "p2 sm 5s6d7h8c",
]
players = ["Ben", "Cal", "Ann"]
winnings = [60, 0, 0]
_rake = 0
"""


@pytest.mark.parametrize(
    ("text", "status", "rule"),
    [
        pytest.param(PHH_HALF_RAISE, "verified", None, id="half-raise-reopens"),
        pytest.param(
            PHH_HALF_RAISE.replace('"p1 cbr 180"', '"p1 cbr 210"').replace("[1320, 1260, 630]", "[1290, 1230, 630]"),
            "mismatch",
            "Ben cannot raise to 210: the raise must be to exactly 180",
            id="half-raise-over-completed",
        ),
        pytest.param(PHH_BLIND_ALL_IN, "verified", None, id="blind-all-in"),
        pytest.param(
            PHH_BLIND_ALL_IN.replace("[30, 1500, 1500]", "[20, 1500, 1500]"),
            "mismatch",
            "Ben posts 30 of forced bets with a stack of 20",
            id="blind-over-stack",
        ),
        pytest.param(PHH_ANTE, "no_showdown", None, id="unequal-antes"),
        pytest.param(  # finishing stacks that make 60 chips: the whole raise paid back as if called
            PHH_ANTE.replace("[1470, 1380, 1650]", "[1470, 1380, 1710]").replace("[0, 0, 210]", "[0, 0, 270]"),
            "mismatch",
            "Ann collected 270, expected 210",
            id="unequal-antes-chips-made",
        ),
    ],
)
def test_phh_hands_in_both_backends(text: str, status: str, rule: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    python, fast, answered_by_c = both(phh_run(text), monkeypatch)
    assert python["status"] == status
    if rule is None:
        assert python["reason"] is None
    else:
        assert rule in python["reason"]
    assert fast == python
    assert answered_by_c == (status != "mismatch")


# ---- the simulator's engine plays by the same rules ------------------------------------------------------------------


def after_the_first_draw(third_stack: int) -> HandState:
    """Three players (small blind, big blind, button with ``third_stack``) who limp, draw nothing, and then bet 60
    and raise to 120 after the first draw (no raise cap)."""
    hand = HandState(TableRules(30, 60, raise_cap=None), [1500, 1500, third_stack], button=2, rng=random.Random(1))
    hand.call(2)
    hand.call(0)
    hand.check(1)
    for player in (0, 1, 2):
        hand.draw(player)
    hand.bet(0, 60)
    hand.raise_to(1, 120)
    return hand


def test_the_engine_reopens_on_half_a_raise_and_completes_above_the_last_full_level() -> None:
    hand = after_the_first_draw(210)
    assert hand.raise_bounds(2) == (150, 150)  # all in for less
    hand.raise_to(2, 150)
    assert hand.raise_bounds(0) == (180, 180)  # a full raise above 120, not above 150
    hand.raise_to(0, 180)
    assert hand.raise_bounds(1) == (240, 240)


def test_the_engine_does_not_reopen_on_less_than_half_a_raise() -> None:
    hand = after_the_first_draw(200)
    hand.raise_to(2, 140)
    assert hand.raise_bounds(0) == (180, 180)  # Ben has not acted since the raise to 120
    hand.call(0)
    assert hand.raise_bounds(1) is None  # Cal has: call or fold
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.raise_to(1, 180)
    hand.call(1)
    assert hand.phase == "draw"
