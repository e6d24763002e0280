"""The readers' findings of issue 25, each on crafted hands scored by the C reader (where it reads the format) and by
Python alone, which must give identical records: PHH actions with a word too many, a ``variant`` key indented or
quoted, a PHH player who never acts, a show in the middle of a draw, one name in two seats (every format), Full
Tilt's header as PokerTracker exports it, and the currency of Full Tilt's and Merge's dollars.
"""

from __future__ import annotations

import re

import pytest
from both_ways import Records, both_ways

from badugi_fast.formats.pokerstars.writer import hand_text
from badugi_fast.game.simulate import simulate
from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.sites import find_headers, headers_in
from badugi_fast.history.sources import SAMPLES, decode
from badugi_fast.rules.engine import TableRules

#: A three-handed fixed-limit PHH hand that is played and paid by the rules (Player1 wins 210 at the showdown).
HAND = """[1]
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
small_bet = 20
big_bet = 40
starting_stacks = [1540, 260, 440]
actions = [
  "d dh p1 TdJsTh2s",
  "d dh p2 4h4sKhQd",
  "d dh p3 5sKd9d2c",
  "p3 cc",
  "p1 f",
  "p2 cc",
  "p2 sd 4h",
  "p3 sd Kd",
  "d dh p2 3d",
  "d dh p3 4c",
  "p2 cc",
  "p3 cc",
  "p2 sd Qd",
  "p3 sd 4c",
  "d dh p2 Jd",
  "d dh p3 Jh",
  "p2 cc",
  "p3 cbr 40",
  "p2 cbr 80",
  "p3 cc",
  "p2 sd Jd",
  "p3 sd",
  "d dh p2 Qh",
  "p2 cc",
  "p3 cc",
  "p2 sm 4sKh3dQh",
  "p3 sm 5s9d2cJh",
]
hand = 7
players = ["Player2", "Player3", "Player1"]
seats = [2, 3, 1]
finishing_stacks = [1530, 160, 550]
winnings = [0, 0, 210]
_rake = 0
"""


def run_of(text: str, site: str) -> Run:
    """``text`` as one run of file "f" of ``site``."""
    data = text.encode()
    return Run("f", site, 0, 0, tuple(headers_in(data, 0, len(data)).lines), data, b"")


def both(text: str, site: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Records, Records, int]:
    """The records of ``text`` by Python alone and by ``read.results`` (C where it vouches), and how many hands C
    answered for."""
    return both_ways(run_of(text, site), monkeypatch)


def agreed(text: str, site: str, monkeypatch: pytest.MonkeyPatch, answered: int | None = None) -> Records:
    """The records of ``text``, the same by both paths (and C answering for ``answered`` hands, when given)."""
    python, fast, by_c = both(text, site, monkeypatch)
    assert fast == python
    if answered is not None and read.C_READER:
        assert by_c == answered
    return python


def changed(old: str, new: str, text: str = HAND) -> str:
    """``text`` with its one ``old`` replaced by ``new``."""
    assert text.count(old) == 1
    return text.replace(old, new)


def test_the_crafted_hand_is_verified_by_c(monkeypatch: pytest.MonkeyPatch) -> None:
    (record,) = agreed(HAND, "PHH", monkeypatch, answered=1)
    assert record["status"] == "verified"


# ---- 1. PHH actions with extra words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "forged", "extra"),
    [
        ('"p1 f"', '"p1 f 999"', "'999'"),
        ('"p2 sd 4h"', '"p2 sd 4h 3h 2d"', "'3h 2d'"),
        ('"p2 cbr 80"', '"p2 cbr 80 100"', "'100'"),
        ('"p3 cc",\n  "p1 f"', '"p3 cc 20",\n  "p1 f"', "'20'"),
        ('"d dh p3 4c"', '"d dh p3 4c 5c"', "'5c'"),
        ('"p3 sm 5s9d2cJh"', '"p3 sm 5s9d2cJh 9h"', "'9h'"),
    ],
)
def test_an_action_with_a_word_too_many_is_an_error_naming_its_line(
    action: str, forged: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = changed(action, forged)
    (record,) = agreed(text, "PHH", monkeypatch, answered=0)
    line = 1 + next(number for number, written in enumerate(text.split("\n")) if forged.split("\n")[0] in written)
    assert record["status"] == "error"
    assert record["reason"].startswith(f"line {line}: action ")
    assert f"too many: {extra}" in record["reason"]


@pytest.mark.parametrize(
    ("action", "forged"), [('"p2 cbr 80"', '"p2 cbr"'), ('"d dh p3 4c"', '"d dh p3"'), ('"p1 f"', '"p1"')]
)
def test_an_action_with_a_word_missing_is_an_error(action: str, forged: str, monkeypatch: pytest.MonkeyPatch) -> None:
    (record,) = agreed(changed(action, forged), "PHH", monkeypatch, answered=0)
    assert record["status"] == "error"
    assert record["reason"].endswith(f"({forged[1:-1]!r}): 1 word(s) missing")


# ---- 2. the variant key as TOML allows it ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "by_c"), [("  variant", 1), ("\tvariant", 1), ('"variant"', 0), ("'variant'", 0), (' "variant"', 0)]
)
def test_a_variant_key_indented_or_quoted_starts_a_hand(key: str, by_c: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read, and scored as the hand with a bare key (C reads indented keys; a quoted key is Python's)."""
    plain = agreed(HAND, "PHH", monkeypatch)
    text = changed('\nvariant = "FB"', f'\n{key} = "FB"')
    data = text.encode()
    assert find_headers(data, 0, len(data)).lines == headers_in(data, 0, len(data)).lines == [1]
    assert agreed(text, "PHH", monkeypatch, answered=by_c) == plain


def test_a_hand_with_every_key_indented_is_read_by_c(monkeypatch: pytest.MonkeyPatch) -> None:
    indented = "\n".join("  " + line if line and not line.startswith("[") else line for line in HAND.split("\n"))
    assert agreed(indented, "PHH", monkeypatch, answered=1) == agreed(HAND, "PHH", monkeypatch)


def test_two_hands_with_indented_variants_are_two_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    second = changed("[1]", "[2]", changed("hand = 7", "hand = 8"))
    text = (
        changed('\nvariant = "FB"', '\n  variant = "FB"')
        + "\n"
        + changed('\nvariant = "FB"', "\n'variant' = 'FB'", second)
    )
    records = agreed(text, "PHH", monkeypatch, answered=1)
    assert [(record["hand_id"], record["status"]) for record in records] == [("7", "verified"), ("8", "verified")]


# ---- 3. every player a PHH hand lists is dealt in --------------------------------------------------------------

#: HAND with a fourth player (seat 4, between the blinds and the first to act) who never acts.
SILENT = (
    changed("antes = [0, 0, 0]", "antes = [0, 0, 0, 0]")
    .replace("blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [10, 20, 0, 0]")
    .replace("starting_stacks = [1540, 260, 440]", "starting_stacks = [1540, 260, 500, 440]")
    .replace('players = ["Player2", "Player3", "Player1"]', 'players = ["Player2", "Player3", "Player4", "Player1"]')
    .replace("seats = [2, 3, 1]", "seats = [2, 3, 4, 1]")
    .replace("finishing_stacks = [1530, 160, 550]", "finishing_stacks = [1530, 160, 500, 550]")
    .replace("winnings = [0, 0, 210]", "winnings = [0, 0, 0, 210]")
    .replace(" p3 ", " p4 ")
    .replace('"p3 ', '"p4 ')
)


def test_a_player_who_never_acts_is_dealt_in_and_refused_in_both(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "p3 " not in SILENT
    (record,) = agreed(SILENT, "PHH", monkeypatch, answered=0)
    assert record["status"] == "mismatch"
    assert "it is Player4's turn" in record["reason"]


# ---- 4. a show only at the showdown ----------------------------------------------------------------------------


@pytest.mark.parametrize("show", ['"p2 sm 4h4sKhQd"', '"p2 sm -"', '"p2 sm"', '"p3 sm 5sKd9d2c"'])
@pytest.mark.parametrize("after", ['"p2 sd 4h"', '"p3 sd Kd"'])
def test_a_show_between_a_discard_and_its_new_cards_is_refused(
    show: str, after: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = changed(after, f"{after},\n  {show}")
    (record,) = agreed(text, "PHH", monkeypatch, answered=0)
    line = 1 + text.split("\n").index(f"  {show},")
    assert record["status"] == "mismatch"
    assert record["reason"].startswith(f"line {line}: ")
    assert "in the middle of a draw (before its new cards): not at the showdown" in record["reason"]


# ---- 5. one name in two seats ----------------------------------------------------------------------------------


def test_one_name_in_two_phh_seats_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    text = changed('players = ["Player2", "Player3", "Player1"]', 'players = ["Player2", "Player3", "Player2"]')
    (record,) = agreed(text, "PHH", monkeypatch, answered=0)
    assert record["status"] == "error"
    assert "'Player2' sits in two seats (2 and 1)" in record["reason"]


def sample_hand(name: str, header: str) -> str:
    """The first hand of the package's sample ``name``: to the second line starting with ``header``, or to the end
    of the first ``<game>``."""
    text = decode((SAMPLES / name).read_bytes())
    starts = [match.start() for match in re.finditer(f"^{re.escape(header)}", text, re.MULTILINE)]
    end = starts[1] if len(starts) > 1 else text.index("</game>") + len("</game>")
    return text[:end].rstrip("\n") + "\n"


def stars_hand() -> str:
    played = next(iter(simulate(1, 4, TableRules(10, 20), seed=3)))
    return hand_text(played, "USD")


#: A seat line's name (group 2) after what comes before it (group 1), in each format.
SEAT_NAMES = {
    "PokerStars": r"^(Seat \d+: )(\S+)",
    "Full Tilt": r"^(Seat \d+: )(\S+)",
    "KingsClub": r"^(Seat \d+: )(\S+)",
    "Merge": r'(<player seat="\d+" nickname=")([^"]+)',
}

#: A hand of each format that reads without a fault.
HANDS = {
    "PokerStars": stars_hand(),
    "Full Tilt": sample_hand("fulltilt-utf16.txt", "Full Tilt Poker"),
    "KingsClub": sample_hand("kingsclub.txt", "#"),
    "Merge": sample_hand("merge.xml", "<game"),
}


@pytest.mark.parametrize("site", sorted(HANDS))
def test_one_name_in_two_seats_is_an_error_naming_it(site: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = HANDS[site]
    (first,) = agreed(text, site, monkeypatch)
    assert first["status"] in ("verified", "no_showdown")
    seats = list(re.finditer(SEAT_NAMES[site], text, re.MULTILINE))
    twice = seats[0].group(2)
    second = seats[1]
    forged = text[: second.start(2)] + twice + text[second.end(2) :]
    (record,) = agreed(forged, site, monkeypatch, answered=0)
    at = forged.index("<game") if site == "Merge" else second.start(2)  # Merge's errors name the <game> line
    assert record["status"] == "error"
    assert record["reason"].startswith(f"line {1 + forged.count(chr(10), 0, at)}: ")
    assert f"{twice!r} sits in two seats" in record["reason"]


#: A seat line's number (group 2) after what comes before it (group 1), in each format.
SEAT_NUMBERS = {
    "PokerStars": r"^(Seat )(\d+)(?=: )",
    "Full Tilt": r"^(Seat )(\d+)(?=: )",
    "KingsClub": r"^(Seat )(\d+)(?=: )",
    "Merge": r'(<player seat=")(\d+)',
}


@pytest.mark.parametrize("site", sorted(HANDS))
def test_two_players_in_one_seat_is_an_error_naming_them(site: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """C read such a PokerStars hand and vouched for it, where Python's replay found the turns wrong: both refuse it."""
    text = HANDS[site]
    seats = list(re.finditer(SEAT_NUMBERS[site], text, re.MULTILINE))
    first, second = seats[0], seats[1]  # the first seat takes the second's number: the button's seat is then empty
    forged = text[: first.start(2)] + second.group(2) + text[first.end(2) :]
    (record,) = agreed(forged, site, monkeypatch, answered=0)
    assert record["status"] == "error"
    assert f"seat {second.group(2)} holds two players" in record["reason"]


# ---- 6. Full Tilt's header as PokerTracker writes it -----------------------------------------------------------


def test_the_fulltiltpoker_header_is_read_as_full_tilt_poker(monkeypatch: pytest.MonkeyPatch) -> None:
    text = HANDS["Full Tilt"]
    tracker = changed("Full Tilt Poker Game #", "FullTiltPoker Game #", text)
    data = tracker.encode()
    assert find_headers(data, 0, len(data)).lines == headers_in(data, 0, len(data)).lines == [0]
    assert agreed(tracker, "Full Tilt", monkeypatch) == agreed(text, "Full Tilt", monkeypatch)


# ---- 7. the currency of dollars on Full Tilt and Merge ---------------------------------------------------------


@pytest.mark.parametrize("site", ["Full Tilt", "Merge", "PokerStars"])
def test_dollars_are_usd(site: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = HANDS[site]
    assert "$" in text
    (record,) = agreed(text, site, monkeypatch)
    assert record["currency"] == "USD"


@pytest.mark.parametrize(
    ("realmoney", "currency"), [('realmoney="true"', "USD"), ('realmoney="false"', None), ("", None)]
)
def test_merge_real_money_is_usd_without_a_dollar(
    realmoney: str, currency: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stakes written without ``$``: real money is USD; play money (and no word on it: real money is assumed, the
    currency is not) has none."""
    text = changed('realmoney="true"', realmoney, HANDS["Merge"]).replace("$", "")
    (record,) = agreed(text, "Merge", monkeypatch)
    assert record["status"] in ("verified", "no_showdown")
    assert record["currency"] == currency


def test_a_full_tilt_tournament_is_in_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    text = changed("Table Sampleville (6 max)", "$5 + $0.50 Sit & Go (123), Table 1", HANDS["Full Tilt"])
    text = text.replace("$", "").replace("5 + 0.50", "$5 + $0.50")
    (record,) = agreed(text, "Full Tilt", monkeypatch)
    assert record["currency"] == "chips"
