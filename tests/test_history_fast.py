"""The C fast path for PokerStars text (csrc/stars.c, chosen by ``history.read``) gives exactly the records
the Python reader gives, and answers for every hand it claims.

The C code answers only for hands it fully understands and that the site paid as we would; everything else is
read by Python. These tests hold the two paths equal on every hand at hand: the shipped samples, the real files
of ../shared, simulated hands of every limit (side pots, split pots, whole-chip games), and hypothesis mutations
of real hands (amounts, cards, names, deleted and duplicated lines, odd characters). Equal records alone would let
a bug that only makes C give up on a hand pass unseen (Python answers the same), so the tests also name the hands
C must answer: every clean hand of the samples and real files, and each kind of hand it claims (split pots with
odd chips, raked side pots, all-ins, uncalled bets, hero draws, tournament chips without a split), one by one.
"""

from __future__ import annotations

import gzip
import io
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from both_ways import both_ways
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tied_deals import tied_hands

from badugi_fast.formats.pokerstars import reader
from badugi_fast.formats.pokerstars.writer import hand_text, write_histories
from badugi_fast.formats.registry import header_site
from badugi_fast.game.simulate import PlayedHand, simulate
from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.score import score
from badugi_fast.history.sites import headers_in
from badugi_fast.history.sources import SAMPLES, decode
from badugi_fast.rules.engine import TableRules

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")


def stars_run(text: str, first_index: int = 0, first_line: int = 0) -> Run:
    """PokerStars ``text`` as a run of file "f" that starts at its hand ``first_index`` and line ``first_line``."""
    data = text.encode("utf-8", "surrogatepass")
    return Run("f", "PokerStars", first_index, first_line, tuple(headers_in(data, 0, len(data)).lines), data)


def python_records(text: str, first_index: int = 0, first_line: int = 0) -> list[dict[str, Any]]:
    return [score(hand).as_dict() for hand in read.hands_of(stars_run(text, first_index, first_line))]


def fast_records(text: str, first_index: int = 0, first_line: int = 0) -> list[dict[str, Any]]:
    return [result.as_dict() for result in read.results(stars_run(text, first_index, first_line))]


def read_by_python(text: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The hand ids of the hands of ``text`` that the C code hands to Python rather than answering for them."""
    ids = []
    real = read.parse_one

    def reading(*args: Any) -> Any:
        hand = real(*args)
        ids.append(hand.hand_id)
        return hand

    with monkeypatch.context() as patch:
        patch.setattr(read, "parse_one", reading)
        for _ in read.results(stars_run(text)):
            pass
    return ids


def refused_by_c(text: str) -> list[str]:
    """The hand ids of the hands of ``text`` whose C record says "not mine" (``HH_FALLBACK``): with ``read_by_python``,
    the hands are decided once, by C, when the two are the same (Python refuses no hand C vouched for)."""
    from badugi_fast import _native

    data = text.encode("utf-8", "surrogatepass")
    return [
        data[record.id_start : record.id_end].decode()
        for record in _native.stars_scan(data)
        if record.status == _native.HH_FALLBACK
    ]


def stars_texts(folder: Path) -> Iterator[tuple[str, str]]:
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        text = decode(gzip.decompress(data) if path.suffix == ".gz" else data)
        if header_site(text[: text.find("\n")]) is reader.FORMAT:
            yield path.name, text


def assert_folder_agrees(folder: Path, monkeypatch: pytest.MonkeyPatch, least_hands: int) -> None:
    """Every PokerStars file in ``folder`` gives the same records both ways, and C answers for every hand that
    is verified or won without a showdown (none of these files pays a split pot in whole tournament chips, the one
    kind of clean hand that is Python's)."""
    hands = 0
    for name, text in stars_texts(folder):
        fast = fast_records(text)
        assert fast == python_records(text), name
        by_python = set(read_by_python(text, monkeypatch))
        assert by_python == set(refused_by_c(text)), name
        clean = [record for record in fast if record["status"] in ("verified", "no_showdown")]
        assert clean, name
        assert [r["hand_id"] for r in clean if r["hand_id"] in by_python] == [], name
        hands += len(fast)
    assert hands >= least_hands


def test_shipped_samples_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    assert_folder_agrees(SAMPLES, monkeypatch, 50)


def test_real_files_agree(shared_histories: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_folder_agrees(shared_histories, monkeypatch, 100)


@pytest.mark.parametrize("limit", ["fixed", "pot", "half-pot", "no"])
@pytest.mark.parametrize(("players", "currency"), [(6, "$"), (2, "$"), (9, None)])
def test_simulated_hands_agree(limit: str, players: int, currency: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated hands: all-ins and side pots (short stacks), split pots, rake, tournament chips (``None``)."""
    out = io.StringIO()
    rules = TableRules(10, 20, limit, rake_percent=5 if currency else 0, rake_cap=30)
    played = list(simulate(300, players, rules, seed=players, buy_in=(2, 40)))
    write_histories(played, out, currency)
    text = out.getvalue()
    fast = fast_records(text, first_index=7, first_line=100)
    assert fast == python_records(text, first_index=7, first_line=100)
    by_python = read_by_python(text, monkeypatch)
    assert by_python == []  # whole-chip split pots too (csrc/verdict.c pays them in whole chips)
    assert by_python == refused_by_c(text)  # C says "not mine" itself: Python refuses no hand C answered


#: The kinds of hand the C code claims (``kinds_of``).
KINDS = (
    "split pot",
    "split pot with an odd chip",
    "pot split three ways",
    "raked side pots",
    "all-in",
    "uncalled bet",
    "hero draws",
    "capped betting",
    "no showdown",
    "tournament chips",
)


def kinds_of(played: PlayedHand, text: str) -> set[str]:
    """The ``KINDS`` of a simulated hand, told from the engine's result or from the text written."""
    result = played.state.result
    assert result is not None
    splits = [share for share in result.pot_shares if len(share) > 1]
    found = {
        "split pot": bool(splits),
        "split pot with an odd chip": any(sum(share.values()) % len(share) for share in splits),
        "pot split three ways": any(len(share) > 2 for share in splits),
        "raked side pots": result.rake > 0 and len(result.pots) > 1,
        "all-in": " and is all-in" in text,
        "uncalled bet": "\nUncalled bet (" in text,
        "hero draws": re.search(r"^Player1: discards [1-4] cards? \[", text, re.MULTILINE) is not None,
        "capped betting": "\nBetting is capped\n" in text,
        "no showdown": not result.ranks,
        "tournament chips": "$" not in text,
    }
    assert set(found) == set(KINDS)
    return {kind for kind, present in found.items() if present}


def kind_corpus() -> Iterator[tuple[PlayedHand, str, str | None]]:
    """``(hand, its text, currency)``: hands dealt to tie (split pots of every size) and hands dealt at random
    with short stacks, in every betting structure, in cents with rake ($0.05/$0.10) and in tournament chips."""
    structures = [(currency, limit) for currency in ("USD", None) for limit in ("fixed", "pot", "half-pot", "no")]
    for number, (currency, limit) in enumerate(structures):
        rules = TableRules(5, 10, limit, rake_percent=5 if currency else 0, rake_cap=50)
        first = 10**11 + number * 10**6  # hand ids differ between the runs
        hands = [*simulate(60, 6, rules, seed=5, buy_in=(2, 40), first_hand_id=first)]
        for k, (players, tied) in enumerate(((2, 2), (6, 2), (9, 3)), start=1):
            hands += tied_hands(20, players, rules, seed=players + tied, tied=tied, first_hand_id=first + k * 1000)
        for played in hands:
            yield played, hand_text(played, currency), currency


def test_c_answers_every_kind_of_hand_it_claims(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each kind of hand in ``KINDS`` occurs 20 times or more, and C answers every one of them, with the record
    Python gives (split pots in whole tournament chips among them)."""
    corpus = list(kind_corpus())
    assert len({played.hand_id for played, _, _ in corpus}) == len(corpus)
    text = "\n\n\n".join(written for _, written, _ in corpus) + "\n\n\n"
    fast = fast_records(text)
    assert fast == python_records(text)
    assert {record["status"] for record in fast} == {"verified", "no_showdown"}
    by_python = set(read_by_python(text, monkeypatch))
    assert by_python == set(refused_by_c(text))
    seen = {kind: 0 for kind in KINDS}
    for played, written, _ in corpus:
        kinds = kinds_of(played, written)
        assert str(played.hand_id) not in by_python, (kinds, written)
        for kind in kinds:
            seen[kind] += 1
    assert min(seen.values()) >= 20, seen


def one_hand(text: str, hand_id: str) -> str:
    """The text of one Stars hand of ``text``."""
    start = text.index(f"PokerStars Game #{hand_id}:")
    end = text.find("\nPokerStars ", start)
    return text[start : end + 1 if end >= 0 else len(text)]


def test_c_answers_the_sample_split_pot_with_its_odd_chip(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand written by hand: $2.45 after rake split two ways, the odd cent to the first seat left of the button."""
    text = one_hand(decode((SAMPLES / "pokerstars-cash.txt").read_bytes()), "71000000901")
    assert read_by_python(text, monkeypatch) == []
    (record,) = fast_records(text)
    assert record["status"] == "verified"
    paid = [(p["name"], p["collected"], p["expected"]) for p in record["players"] if p["collected"] != "0.00"]
    assert paid == [("Hero", "1.23", "1.23"), ("Alice", "1.22", "1.22")]


def test_a_wrong_payout_is_the_python_mismatch() -> None:
    _, text = next(stars_texts(SAMPLES))
    paid = text.replace(" collected $", " collected $1", 1)
    fast = fast_records(paid)
    assert fast == python_records(paid)
    assert "mismatch" in {record["status"] for record in fast}


_COLLECTED = re.compile(r"^(.+) collected \S+ from ", re.MULTILINE)
_SEATED = re.compile(r"^Seat \d+: (.+?) \(", re.MULTILINE)
_AMOUNT = re.compile(r" collected \$?([\d,.]+) from ")


def swap_payouts(hand: str) -> str:
    """``hand`` with the same total paid to the wrong people: two winners paid different amounts trade their
    collections, or, when every winner was paid alike, the first winner's collections go to a player who won
    nothing. Only the "collected ... from" lines change."""
    lines = hand.split("\n")
    totals: dict[str, Decimal] = {}
    for line in lines:
        if (collected := _COLLECTED.match(line)) is not None:
            amount = _AMOUNT.search(line)
            assert amount is not None, line
            totals[collected[1]] = totals.get(collected[1], 0) + Decimal(amount[1].replace(",", ""))
    assert totals, "the hand pays nobody"
    winners = list(totals)
    pair = next(((a, b) for a in winners for b in winners if totals[a] != totals[b]), None)
    if pair is None:
        loser = next(name for name in _SEATED.findall(hand) if name not in totals)
        pair = (winners[0], loser)
    first, second = pair
    swapped = {first: second, second: first}
    for at, line in enumerate(lines):
        if (collected := _COLLECTED.match(line)) is not None and collected[1] in swapped:
            lines[at] = swapped[collected[1]] + line[len(collected[1]) :]
    return "\n".join(lines)


def payout_hands(texts: list[str]) -> list[str]:
    """Every Badugi hand of ``texts`` that pays someone."""
    hands = []
    for text in texts:
        for start in [m.start() for m in re.finditer(r"^PokerStars ", text, re.MULTILINE)]:
            end = text.find("\nPokerStars ", start)
            hand = text[start : end + 1 if end >= 0 else len(text)]
            if "Badugi" in hand.split("\n", 1)[0] and _COLLECTED.search(hand):
                hands.append(hand)
    return hands


def assert_swaps_are_mismatches(hands: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hand with its payouts swapped (``swap_payouts``): Python says mismatch, and C (which only vouches for
    a hand paid as we would pay it) leaves every one to Python, so both paths give the same records."""
    text = "\n\n".join(map(swap_payouts, hands)) + "\n"
    fast = fast_records(text)
    assert fast == python_records(text)
    assert [record["status"] for record in fast] == ["mismatch"] * len(hands)
    assert len(read_by_python(text, monkeypatch)) == len(hands)


def test_payouts_swapped_between_players_are_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The samples, and simulated split pots (two and three ways, odd chips, side pots, rake)."""
    rules = TableRules(5, 10, "no", rake_percent=5, rake_cap=50)
    simulated = "".join(hand_text(played, "USD") + "\n\n\n" for played in tied_hands(40, 6, rules, 7, tied=3))
    hands = payout_hands([text for _, text in stars_texts(SAMPLES)] + [simulated])
    assert len(hands) >= 60
    assert_swaps_are_mismatches(hands, monkeypatch)


def test_payouts_swapped_in_real_files_are_a_mismatch(shared_histories: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = payout_hands([text for _, text in stars_texts(shared_histories)])
    assert len(hands) >= 100
    assert_swaps_are_mismatches(hands, monkeypatch)


_HEAD = """PokerStars Game #1:  Badugi No Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Al ($10 in chips)
Seat 2: Bo ($10 in chips)
Al: posts small blind $0.25
Bo: posts big blind $0.50
"""


def _draws(betting: str) -> str:
    """The three draws of a heads-up hand in which both stand pat, each followed by ``betting``."""
    return "".join(
        f"*** {words} DRAW ***\nBo: stands pat\nAl: stands pat\n{betting}" for words in ("FIRST", "SECOND", "THIRD")
    )


#: The rest of the honest hand's play: a call, a check, and checks after each draw.
_PLAY = "Al: calls $0.25\nBo: checks\n" + _draws("Bo: checks\nAl: checks\n")
_TAIL = """*** SHOW DOWN ***
Al: shows [As 2c 3d 4h] (Badugi: 4,3,2,A)
Bo: shows [Ks Qd Jh Tc] (Badugi: K,Q,J,T)
Al collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
"""
_FORGED = [  # 2**56 hundredths each: 256 of them add exactly 2**64 to one of the C reader's sums
    "Al: calls $720,575,940,379,279.36",
    "Al: posts the ante 720575940379279.36",
    "Al: posts big blind $720,575,940,379,279.36",
    "Al collected $720,575,940,379,279.36 from pot",
    "Uncalled bet ($720,575,940,379,279.36) returned to Al",
]


@pytest.mark.parametrize("forged", _FORGED)
def test_sums_past_64_bits_are_not_vouched_for(forged: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """256 extra amounts of 2**56 hundredths: a 64-bit sum wraps back to the honest hand, which C verifies; the
    forged hand must go to Python, whose integers do not wrap, and be a mismatch naming the exact amount."""
    honest = _HEAD + _PLAY + _TAIL
    assert fast_records(honest)[0]["status"] == "verified"
    assert read_by_python(honest, monkeypatch) == []
    text = _HEAD + (forged + "\n") * 256 + _PLAY + _TAIL
    fast = fast_records(text)
    assert fast == python_records(text)
    assert fast[0]["status"] == "mismatch"
    assert "184467440737095516.16" in fast[0]["reason"] or "184467440737095517.16" in fast[0]["reason"]
    assert read_by_python(text, monkeypatch) == ["1"]


def test_large_honest_amounts_are_answered_by_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound on sums is far above any real hand: $400 trillion a player (15 digits, as the C reader takes)."""
    stack, pot, call = "$400,000,000,000,000", "$800,000,000,000,000", "$399,999,999,999,999.50"
    head = _HEAD.replace("$10 in", f"{stack} in")
    tail = _TAIL.replace("collected $1 ", f"collected {pot} ").replace("pot $1 ", f"pot {pot} ")
    text = f"{head}Al: raises {call} to {stack}\nBo: calls {call}\n{_draws('')}{tail}"
    fast = fast_records(text)
    assert fast == python_records(text)
    assert fast[0]["status"] == "verified"
    assert fast[0]["players"][0]["collected"] == "800000000000000.00"
    assert read_by_python(text, monkeypatch) == []


def _sample_hands(name: str, count: int) -> str:
    data = (SAMPLES / name).read_bytes()
    text = decode(gzip.decompress(data) if name.endswith(".gz") else data)
    starts = [i for i in range(len(text)) if text.startswith("PokerStars ", i) and (i == 0 or text[i - 1] == "\n")]
    return text[: starts[count]] if len(starts) > count else text


BASES = [_sample_hands("pokerstars-cash.txt", 3), _sample_hands("pokerstars-tournament.txt.gz", 2)]
_ODD = [
    *"0123456789$€£,.:;()[]#*-|/' ASKQJTakqjt2cdhs\t\u00a0\u2003♠é\x1f",
    *["\n", ": ", "' ", " and is all-in", "10", "Seat #2 is the button", " collected ", " (button)", "Side pot "],
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A few Stars hands with one to four random edits."""
    lines = draw(st.sampled_from(BASES)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        edit = draw(st.sampled_from(["digit", "delete", "duplicate", "insert", "cut", "move"]))
        if edit == "digit" and any(c.isdigit() for c in line):
            where = draw(st.sampled_from([i for i, c in enumerate(line) if c.isdigit()]))
            lines[at] = line[:where] + draw(st.sampled_from("0123456789")) + line[where + 1 :]
        elif edit == "delete":
            del lines[at]
        elif edit == "duplicate":
            lines.insert(draw(st.integers(0, len(lines))), line)
        elif edit == "insert":
            where = draw(st.integers(0, len(line)))
            lines[at] = line[:where] + "".join(draw(st.lists(st.sampled_from(_ODD), max_size=4))) + line[where:]
        elif edit == "cut":
            lines[at] = line[: draw(st.integers(0, len(line)))]
        else:
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(at))
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_damaged_hands_agree(text: str) -> None:
    # ``stars_run`` makes a run of the text as the cut stage would, and that stage makes runs only where there is a
    # header: with every header deleted, the file is one "unknown" record (test_history_fuzz), not a run
    assume(any(header_site(line) is reader.FORMAT for line in text.split("\n")))
    assert fast_records(text) == python_records(text)


#: Headers' stakes and dates written otherwise: C reads some into its record and leaves the rest to Python, and the
#: records are Python's either way (``common.when``, ``common.stakes_in``).
HEADER_TAILS = (
    "Badugi Limit ($0.10/$0.20 USD) - 2020/01/02 3:04:05 ET",
    "Badugi Limit ($0.10/$0.20) - 2020/1/2 13:04:05",
    "Badugi Limit ($0.10/$0.20 USDX) - 2020-01-02 03:04:059 CET [2020/01/01 21:04:05 ET]",
    "Badugi Limit ($0.10/$0.20 usd) - 2020/02/29 23:59:59 ET",
    "Badugi Limit ($0.10/$0.20 EUR) - 2019/02/29 23:59:59 ET",
    "Badugi Limit ($0.10/$0.20 USD) - 2020/13/02 3:04:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) - 12020/01/02 3:04:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) - 2020/01/02 3:4:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) - Jan 2 2020, 2020/01/02 3:04:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) - 2020/01/02 24:04:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) - 0000/01/02 3:04:05 ET",
    "Badugi Limit ($0.10/$0.20 USD) 2020/01/02 3:04:05 ET",
    "Badugi Limit - 2020/01/02 3:04:05 ET",
    "Badugi Limit (10/20) - 2020/01/02 3:04:05 ET",
)


@pytest.mark.parametrize("tail", HEADER_TAILS)
def test_header_tables_read_the_same(tail: str) -> None:
    text = f"PokerStars Hand #4242: {tail}\n" + "\n".join(ONE_HAND_BODY) + "\n"
    assert fast_records(text) == python_records(text)


_HONEST = _HEAD + "*** DEALING HANDS ***\n" + _PLAY + _TAIL
#: Draw markers where the rules' rounds do not put them: the rounds are the rules' in both readers (csrc/rules.c is
#: C's one betting account; formats/replay.py Python's), so the records agree whether C answers or not.
MISPLACED_MARKERS = (
    ("Bo: checks\n*** FIRST DRAW ***\nBo: stands pat\n", "*** FIRST DRAW ***\nBo: checks\nBo: stands pat\n"),
    ("Al: calls $0.25\nBo: checks\n*** FIRST DRAW ***\n", "*** FIRST DRAW ***\nAl: calls $0.25\nBo: checks\n"),
    ("*** SECOND DRAW ***\n", ""),
)


@pytest.mark.parametrize(("written", "instead"), MISPLACED_MARKERS)
def test_misplaced_draw_markers_read_the_same(written: str, instead: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert written in _HONEST
    python, fast, _ = both_ways(stars_run(_HONEST.replace(written, instead, 1)), monkeypatch)
    assert fast == python


#: Game words: whether C answers (csrc/stars.c: game_words() reads PokerStars' own names and leaves every other
#: wording to Python, so history/read.py never reads them), and the game and betting structure of the record.
GAME_WORDS = (
    ("Badugi Limit ($0.10/$0.20 USD)", 1, "Badugi", "fixed"),
    ("Badugi Half Pot Limit ($0.10/$0.20 USD)", 1, "Badugi", "half-pot"),
    ("Badugi Limit (€0.10/€0.20 EUR)", 1, "Badugi", "fixed"),
    ("Badugi Limit (£0.10/£0.20 GBP)", 1, "Badugi", "fixed"),
    ("Badugi Limit (\u00e90.10/\u00e90.20 EUR)", 0, "\u00e90.10/\u00e90.20 EUR", None),  # a letter: a mixed game's name
    ("8-Game (Badugi Pot Limit, $0.10/$0.20)", 1, "Badugi", "pot"),
    ("Badugi limit ($0.10/$0.20 USD)", 0, "Badugi", "fixed"),
    ("Mixed Badugi Limit ($0.10/$0.20 USD)", 0, "Badugi", "fixed"),
    ("Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)", 0, "Triple Draw 2-7 Lowball Limit", "fixed"),
    ("Tournament #9, Freeroll Badugi No Limit - Level I (10/20)", 1, "Badugi", "no"),
    ("Tournament #9, $1.00+$0.20 USD Badugi Limit - Level I (10/20)", 1, "Badugi", "fixed"),
    ("Tournament #9, 100+10 Badugi Limit - Level I (10/20)", 1, "Badugi", "fixed"),
    ("Tournament #9, €1.00+€0.20 EUR Badugi Limit - Level I (10/20)", 1, "Badugi", "fixed"),
    ("Tournament #9, 1\u00a0+10 Badugi Limit - Level I (10/20)", 0, "Badugi", "fixed"),
    ("Tournament #9, Freeroll USD Badugi Limit - Level I (10/20)", 0, "Badugi", "fixed"),
    ("{Club} Tournament #9, Freeroll Badugi Limit - Level I (10/20)", 0, "Badugi", "fixed"),
)


@pytest.mark.parametrize(("words", "answered", "game", "limit"), GAME_WORDS)
def test_game_words_are_decided_by_c_or_left_to_python(
    words: str, answered: int, game: str, limit: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign = next((sign for sign in "$€£" if sign in words and "Tournament" not in words), "")
    body = [line.replace("$", sign) for line in ONE_HAND_BODY]
    text = f"PokerStars Hand #4242: {words} - 2020/01/02 3:04:05 ET\n" + "\n".join(body) + "\n"
    python, fast, c = both_ways(stars_run(text), monkeypatch)
    assert fast == python
    assert (c, fast[0]["game"], fast[0]["limit"]) == (answered, game, limit)
    assert fast[0]["status"] == ("no_showdown" if game == "Badugi" else "skipped")


ONE_HAND_BODY = (
    "Table 'Alpha' 3-max Seat #1 is the button",
    "Seat 1: Ann ($5 in chips)",
    "Seat 2: Bob ($5 in chips)",
    "Ann: posts small blind $0.10",
    "Bob: posts big blind $0.20",
    "*** DEALING HANDS ***",
    "Dealt to Bob [2c 3d 4h 5s]",
    "Ann: folds",
    "Uncalled bet ($0.10) returned to Bob",
    "Bob collected $0.20 from pot",
    "*** SUMMARY ***",
    "Total pot $0.20 | Rake $0",
    "Seat 1: Ann (button) (small blind) folded before the Draw",
    "Seat 2: Bob (big blind) collected ($0.20)",
)


#: The site's words for Alice's 6-5-3-2 badugi in the sample's first hand: C answers the hand when they name her
#: hand as ``score.site_values`` reads them, and leaves it to Python (a mismatch, or words C does not read) else.
DESCRIPTIONS = (
    ("Badugi: 6,5,3,2", True),
    ("BADUGIS 2-3-5-6", True),
    ("an 4-Card: 6 5 3 2 cards", True),
    ("Badugi: 6,5,3,A", False),
    ("Badugi: 6,5,3", False),
    ("Badugi: 6,5,3,10", False),
    ("Badugix: 6,5,3,2", False),
    ("Three: 6,5,3", False),
    ("Badugi: 6,5,3,2,2", False),
    ("Badugi: 6,5,3,\u0662", False),
)


@pytest.mark.parametrize(("words", "named"), DESCRIPTIONS)
def test_the_sites_words_for_a_hand_are_checked_by_c(words: str, named: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    sample = one_hand(decode((SAMPLES / "pokerstars-cash.txt").read_bytes()), "71000000001")
    text = sample.replace("(Badugi: 6,5,3,2)", f"({words})").replace("with a Badugi: 6,5,3,2", f"with {words}")
    assert text.count(words) == 2
    fast = fast_records(text)
    assert fast == python_records(text)
    assert (fast[0]["status"] == "verified") == named
    assert (read_by_python(text, monkeypatch) == []) == named
