"""badugi_fast.pokerkit.BadugiHand behaves as pokerkit.BadugiHand: the same value, cards, order, equality and hash
for every hand, the same answers and errors for odd input, and pokerkit games played with it end the same.

pokerkit's own answer for every one of the 270,725 hands comes from its lookup, not from its ``from_game`` (which
would take ~15 s): every subset of every hand is looked up with ``pokerkit.BadugiHand.lookup``, and the subset
``from_game`` keeps is picked as its source does (the largest size with a valid subset, the first best one in
``itertools.combinations`` order). ``test_pick_is_pokerkits_from_game`` checks that pick against the real
``from_game`` on random hands.
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

import badugi_fast
from badugi_fast.bench.pokerkit_games import play_pokerkit_hands
from badugi_fast.cards import RANK_CHARS, SUIT_CHARS

pokerkit = pytest.importorskip("pokerkit")
dropin = pytest.importorskip("badugi_fast.pokerkit")

PHH_PAGE = Path(__file__).resolve().parents[1] / "docs" / "phh.md"
#: pokerkit's card for each of our card codes
DECK = [pokerkit.Card(pokerkit.Rank(RANK_CHARS[code >> 2]), pokerkit.Suit(SUIT_CHARS[code & 3])) for code in range(52)]
#: the subsets of a four-card hand (positions), in the order pokerkit's from_game tries them: 4 cards, then 3, 2, 1
SUBSETS = [positions for size in (4, 3, 2, 1) for positions in combinations(range(4), size)]
INVALID = 1 << 20  # larger than any entry index


def pokerkit_index(cards: tuple[Any, ...]) -> int:
    """pokerkit's lookup index of exactly these cards, INVALID when they form no Badugi hand."""
    try:
        return int(pokerkit.BadugiHand.lookup.get_entry(cards).index)
    except ValueError:
        return INVALID


def colex_index(codes: NDArray[np.int64]) -> NDArray[np.int64]:
    """The combinatorial-number-system index of each row of ascending codes (any row length)."""
    return sum(np.array([comb(n, k + 1) for n in range(52)])[codes[:, k]] for k in range(codes.shape[1]))  # type: ignore[return-value]


@pytest.fixture(scope="module")
def pokerkit_picks(every_hand: list[tuple[int, int, int, int]]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """For every hand (ascending codes, index order): pokerkit's entry index of its from_game hand, and which
    subset (a position in SUBSETS) from_game keeps."""
    hands = np.array(every_hand, dtype=np.int64)
    small = {  # every subset of one to three cards, by its colex index
        size: np.array([pokerkit_index(tuple(DECK[c] for c in subset)) for subset in combinations(range(52), size)])
        for size in (1, 2, 3)
    }
    for table, size in ((small[size], size) for size in (1, 2, 3)):  # combinations() is lex order: put it colex
        order = colex_index(np.array(list(combinations(range(52), size)), dtype=np.int64))
        table[order] = table.copy()
    indices = np.empty((len(hands), len(SUBSETS)), dtype=np.int64)
    for column, positions in enumerate(SUBSETS):
        if len(positions) == 4:
            indices[:, column] = [pokerkit_index(tuple(DECK[c] for c in hand)) for hand in every_hand]
        else:
            indices[:, column] = small[len(positions)][colex_index(hands[:, list(positions)])]
    # from_game: the first size (4, 3, 2, 1) with a valid subset, and in it the first subset of the best entry
    best = np.full(len(hands), INVALID, dtype=np.int64)
    pick = np.full(len(hands), -1, dtype=np.int64)
    start = 0
    for size in (4, 3, 2, 1):
        stop = start + comb(4, size)
        group = indices[:, start:stop]
        undecided = best == INVALID
        best[undecided] = group.min(axis=1)[undecided]
        pick[undecided] = start + group.argmin(axis=1)[undecided]
        start = stop
    assert (best < INVALID).all()
    return best, pick


def test_pick_is_pokerkits_from_game(
    every_hand: list[tuple[int, int, int, int]], pokerkit_picks: tuple[NDArray[np.int64], NDArray[np.int64]]
) -> None:
    best, pick = pokerkit_picks
    for number in random.Random(12).sample(range(len(every_hand)), 4000):
        cards = tuple(DECK[c] for c in every_hand[number])
        hand = pokerkit.BadugiHand.from_game(cards)
        assert hand.entry.index == best[number]
        assert hand.cards == tuple(cards[i] for i in SUBSETS[pick[number]])


@pytest.fixture(scope="module")
def our_hands(every_hand: list[tuple[int, int, int, int]]) -> list[Any]:
    """badugi_fast.pokerkit.BadugiHand.from_game of every hand, given as pokerkit cards in ascending code order."""
    return [dropin.BadugiHand.from_game(tuple(DECK[c] for c in hand)) for hand in every_hand]


def test_every_hand_orders_as_pokerkits(
    every_hand: list[tuple[int, int, int, int]],
    pokerkit_picks: tuple[NDArray[np.int64], NDArray[np.int64]],
    our_hands: list[Any],
) -> None:
    """Sorted by pokerkit's order, our ranks never go down and tie exactly where pokerkit's entries tie: so every
    comparison between any two hands has the same answer. Checked for the drop-in hands and for the table itself."""
    best, _ = pokerkit_picks
    ours = np.array([hand.rank for hand in our_hands])
    assert np.array_equal(ours, badugi_fast.evaluate_many(np.array(every_hand, dtype=np.uint8)))
    order = np.argsort(best, kind="stable")
    theirs, mine = best[order], ours[order]
    assert (np.diff(mine) >= 0).all()
    assert np.array_equal(np.diff(theirs) == 0, np.diff(mine) == 0)


def test_every_hand_is_pokerkits_hand(
    every_hand: list[tuple[int, int, int, int]],
    pokerkit_picks: tuple[NDArray[np.int64], NDArray[np.int64]],
    our_hands: list[Any],
) -> None:
    """The same entry (hence the same equality, hash and str) and the same cards as pokerkit's from_game."""
    best, pick = pokerkit_picks
    assert np.array_equal([hand.entry.index for hand in our_hands], best)
    for hand, ours, subset in zip(every_hand, our_hands, pick.tolist(), strict=True):
        assert ours.cards == tuple(DECK[hand[i]] for i in SUBSETS[subset]), hand


def test_hands_of_one_to_three_cards() -> None:
    """The constructor and the lookup accept and value exactly the subsets pokerkit's do."""
    for size in (1, 2, 3):
        for subset in combinations(range(52), size):
            cards = tuple(DECK[c] for c in subset)
            expected = pokerkit_index(cards)
            assert dropin.BadugiHand.lookup.has_entry(cards) == (expected < INVALID)
            if expected == INVALID:
                with pytest.raises(ValueError, match="form an invalid BadugiHand hand"):
                    dropin.BadugiHand(cards)
            else:
                assert dropin.BadugiHand(cards).entry == dropin.BadugiHand.lookup.get_entry(cards)
                assert dropin.BadugiHand(cards).entry.index == expected


def _outcome(call: Any, *args: Any) -> tuple[str, ...]:
    """What a call gives, comparable across the two classes: a hand's repr, str, hash and entry, another result's
    repr, or the error."""
    try:
        result = call(*args)
    except Exception as error:
        return type(error).__name__, str(error)
    if isinstance(result, pokerkit.Hand):
        return repr(result), str(result), str(hash(result)), repr(result.entry)
    return (repr(result),)


ODD_INPUT = [
    "",
    "2c",
    "Ks Qs",
    "As2s3d3c",
    "AcAc2d3h",
    "Ac2d3h4s5c",
    "Ac2c3c4c5c6c7c8c",
    "KcKdKhKs",
    "??2c3d4h",
    "????????",
    "A?2c3d4h",
    "A?2c3d4h5s",
    "As 2h, 10d 4c",
    ["As", "2h"],
    None,
    5,
]


@pytest.mark.parametrize("cards", ODD_INPUT, ids=repr)
def test_odd_input_gives_pokerkits_answer(cards: Any) -> None:
    for name in ("from_game", "from_game_or_none", "__call__"):
        theirs = getattr(pokerkit.BadugiHand, name)
        ours = getattr(dropin.BadugiHand, name)
        assert _outcome(ours, cards) == _outcome(theirs, cards), name
    for name in ("has_entry", "get_entry", "get_entry_or_none"):
        theirs = getattr(pokerkit.BadugiHand.lookup, name)
        ours = getattr(dropin.BadugiHand.lookup, name)
        assert _outcome(ours, cards) == _outcome(theirs, cards), name


def test_random_cards_with_a_board_give_pokerkits_hand() -> None:
    """Hole and board cards of any number, duplicates and unknown cards included: the same hand or error."""
    rng = random.Random(5)
    pool = [*(f"{r}{s}" for r in RANK_CHARS for s in SUIT_CHARS), "??", "A?"]
    for _ in range(400):
        hole = "".join(rng.choices(pool, k=rng.randint(0, 6)))
        board = "".join(rng.choices(pool, k=rng.choice((0, 0, 1, 2))))
        assert _outcome(dropin.BadugiHand.from_game, hole, board) == _outcome(
            pokerkit.BadugiHand.from_game, hole, board
        ), (hole, board)


def test_comparisons_equality_and_hashes_match_pokerkits() -> None:
    rng = random.Random(3)
    texts = ["".join(f"{card!r}" for card in rng.sample(DECK, 4)) for _ in range(300)]
    ours = [dropin.BadugiHand.from_game(text) for text in texts]
    theirs = [pokerkit.BadugiHand.from_game(text) for text in texts]
    for i in range(len(texts)):
        assert hash(ours[i]) == hash(theirs[i])
        for j in range(i, min(i + 20, len(texts))):
            a, b, x, y = ours[i], ours[j], theirs[i], theirs[j]
            assert (a < b, a <= b, a == b, a != b, a >= b, a > b) == (x < y, x <= y, x == y, x != y, x >= y, x > y)
    assert len(set(ours)) == len(set(theirs))
    assert max(ours).entry == max(theirs).entry
    assert pickle.loads(pickle.dumps(ours[0])) == ours[0]


def test_hands_of_other_types_do_not_compare() -> None:
    ours, theirs = dropin.BadugiHand("As2h3d4c"), pokerkit.BadugiHand("As2h3d4c")
    assert isinstance(ours, pokerkit.BadugiHand)
    assert ours != theirs
    with pytest.raises(TypeError, match="not supported between instances"):
        _ = ours < theirs
    with pytest.raises(TypeError, match="not supported between instances"):
        _ = ours < 5


def test_rank_is_badugi_fasts() -> None:
    assert dropin.BadugiHand.from_game("Ks 8c 3d Kd").rank == badugi_fast.evaluate("Ks 8c 3d Kd") == 959
    assert dropin.FixedLimitBadugi.hand_types == (dropin.BadugiHand,)
    assert dropin.HandHistory.game_types["FB"] is dropin.FixedLimitBadugi


def test_pokerkit_games_end_the_same_with_either_hand_type() -> None:
    """pokerkit-driven hands (every automation, random legal actions): the same showdowns and final stacks."""
    ours = play_pokerkit_hands(dropin.FixedLimitBadugi, 100, seed=4)
    assert ours == play_pokerkit_hands(pokerkit.FixedLimitBadugi, 100, seed=4)
    assert ours.showdowns > 70


#: pokerkit's own PHH of the Badugi hand on Wikipedia (pokerkit/tests/test_papers.py), cards shown at the end
WIKIPEDIA_PHH = """
variant = "FB"
ante_trimming_status = true
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200, 200, 200]
actions = [
  "d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????",
  "p3 f", "p4 cc", "p1 cc", "p2 cc",
  "p1 sd ????", "p2 sd ????", "p4 sd ??", "d dh p1 ????", "d dh p2 ????", "d dh p4 ??",
  "p1 cc", "p2 cbr 2", "p4 cc", "p1 cc",
  "p1 sd ??", "p2 sd", "p4 sd ??", "d dh p1 ??", "d dh p4 ??",
  "p1 cc", "p2 cbr 4", "p4 cbr 8", "p1 f", "p2 cc",
  "p2 sd ??", "p4 sd", "d dh p2 ??",
  "p2 cc", "p4 cbr 4", "p2 cc",
  "p4 sm 2s4c6d9h", "p2 sm 3s5d7c8h",
]
players = ["Bob", "Carol", "Ted", "Alice"]
"""


def test_phh_hands_play_with_the_drop_in() -> None:
    """badugi_fast.pokerkit.HandHistory replays pokerkit's own Badugi example with our hand type, to the same end."""
    *_, state = dropin.HandHistory.loads(WIKIPEDIA_PHH)
    assert state.hand_types == (dropin.BadugiHand,)
    assert state.stacks == [196, 220, 200, 184]
    assert str(state.get_hand(1, 0, 0)) == "High card (3s5d7c8h)"  # Carol wins; Alice's hand was killed
    *_, theirs = pokerkit.HandHistory.loads(WIKIPEDIA_PHH)
    assert theirs.hand_types == (pokerkit.BadugiHand,)
    assert theirs.stacks == state.stacks
    assert [str(theirs.get_hand(p, 0, 0)) for p in range(4)] == [str(state.get_hand(p, 0, 0)) for p in range(4)]


def test_docs_example_runs() -> None:
    """The docs' drop-in example (not a doctest there: pokerkit is absent on Python 3.10)."""
    text = PHH_PAGE.read_text(encoding="utf-8")
    section = text[text.index("## pokerkit drop-in") :]
    example = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert example is not None
    exec(compile(example.group(1), str(PHH_PAGE), "exec"), {})


def test_core_never_imports_pokerkit_and_says_which_extra_is_missing() -> None:
    code = (
        "import sys; import badugi_fast, badugi_fast.cli, badugi_fast.cli.bench; "
        "assert 'pokerkit' not in sys.modules, 'imported pokerkit'; "
        "sys.modules['pokerkit'] = None\n"
        "try:\n    import badugi_fast.pokerkit\nexcept ImportError as error:\n    print(error)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'pip install "badugi-fast[pokerkit]"' in result.stdout
    assert "Python 3.11+" in result.stdout
