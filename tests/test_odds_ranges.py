"""Unknown cards and ranges in draw_odds and equity: the grammar, exact answers (C and the reference) against a brute
force written here that walks every deal of every hand a player may hold, sampled answers against a Monte Carlo
written here, and bad input."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from itertools import accumulate, combinations

import pytest

import badugi_fast
from badugi_fast import card_str, parse_cards, reference
from badugi_fast.evaluator import BACKEND
from badugi_fast.spots.holdings import parse_holding

needs_c = pytest.mark.skipif(BACKEND != "c", reason="the C loops need the C extension")

Hand = tuple[int, ...]
#: A part of a range as the tests define it: which hands it holds, and its weight.
Part = tuple[Callable[[Hand], bool], float]


@functools.cache
def cumulative(weights: tuple[float, ...]) -> list[float]:
    return list(accumulate(weights))


@functools.cache
def values(hand: Sequence[int]) -> tuple[int, ...]:
    """The usable ranks of a hand, highest first, by the reference."""
    return reference.rank_values(reference.evaluate(list(hand)))


def usable_kind(size: int, top: int) -> Callable[[Hand], bool]:
    """Hands with exactly ``size`` usable cards whose top card is ``top`` or lower."""
    return lambda hand: len(values(hand)) == size and values(hand)[0] <= top


def has(cards: str) -> Callable[[Hand], bool]:
    need = set(parse_cards(cards))
    return lambda hand: need <= set(hand)


def usable_throw(hand: Sequence[int]) -> tuple[int, ...]:
    """What the "usable" policy throws: every card that reference.best_cards leaves out."""
    kept = set(parse_cards(" ".join(reference.best_cards(list(hand)))))
    return tuple(code for code in hand if code not in kept)


def possible_hands(holding: object, blocked: set[int], stub: list[int]) -> list[tuple[Hand, float]]:
    """Every hand a player may hold, with its weight, written out from the documented rule: a known hand; every
    completion of a partial one; a range's hands avoiding the blocked cards, each part's weight shared among them."""
    if isinstance(holding, str):
        return [(tuple(parse_cards(holding)), 1.0)]
    if isinstance(holding, tuple):  # (known cards, how many unknown)
        fixed: str = holding[0]
        unknown: int = holding[1]
        return [((*parse_cards(fixed), *extra), 1.0) for extra in combinations(stub, unknown)]
    parts: list[Part] = holding  # type: ignore[assignment]
    weights: dict[Hand, float] = {}
    for test, weight in parts:
        held = [hand for hand in combinations(range(52), 4) if not blocked.intersection(hand) and test(hand)]
        for hand in held:
            weights[hand] = weights.get(hand, 0.0) + weight / len(held)
    return list(weights.items())


def brute_equity(holdings: Sequence[object], dead: Sequence[int]) -> list[float]:
    """Every deal of every player's possible hands (no card twice, weights multiplied), and in each every deal of
    one draw in player order, each throwing what the usable policy throws; ties split."""
    known = {code for holding in holdings if isinstance(holding, str) for code in parse_cards(holding)}
    known |= {code for h in holdings if isinstance(h, tuple) for code in parse_cards(h[0])}
    stub = [code for code in range(52) if code not in known and code not in dead]
    blocked = known | set(dead)
    shares = [0.0] * len(holdings)
    total = 0.0

    def draws(player: int, hands: list[Hand], left: list[int], weight: float, ranks: list[int]) -> float:
        if player == len(hands):
            best = min(ranks)
            for p, rank in enumerate(ranks):
                if rank == best:
                    shares[p] += weight / ranks.count(best)
            return 1.0
        thrown = usable_throw(hands[player])
        kept = [code for code in hands[player] if code not in thrown]
        deals = list(combinations(left, len(thrown)))
        for new in deals:
            rest = [code for code in left if code not in new]
            rank = reference.evaluate([*kept, *new])
            draws(player + 1, hands, rest, weight / len(deals), [*ranks, rank])
        return 1.0

    def deal(player: int, hands: list[Hand], taken: set[int], weight: float) -> None:
        nonlocal total
        if player == len(holdings):
            total += weight
            draws(0, hands, [code for code in stub if code not in taken], weight, [])
            return
        for hand, more in possible_hands(holdings[player], blocked, [c for c in stub if c not in taken]):
            if not taken.intersection(hand):
                deal(player + 1, [*hands, hand], taken | set(hand), weight * more)

    deal(0, [], set(), 1.0)
    return [share / total for share in shares]


def as_text(holding: object) -> str:
    if isinstance(holding, str):
        return holding
    pair: tuple[str, int] = holding  # type: ignore[assignment]  # (known cards, how many unknown)
    return " ".join([*pair[0].split(), *["?"] * pair[1]])


#: Spots of every kind, with their texts and the parts the tests define for them: (text, definition) per player.
RANGES: dict[str, list[Part]] = {
    "pat 9": [(usable_kind(4, 9), 1.0)],
    "3-card 7 draw": [(usable_kind(3, 7), 1.0)],
    "2-card draw": [(usable_kind(2, 13), 1.0)],
    "pat 8: 0.5, 3-card 6 draw: 0.5": [(usable_kind(4, 8), 0.5), (usable_kind(3, 6), 0.5)],
    "pat J: 3, 3-card 5 draw": [(usable_kind(4, 11), 3.0), (usable_kind(3, 5), 1.0)],
    "As 2h ? ?, pat T": [(has("As 2h"), 1.0), (usable_kind(4, 10), 1.0)],
}


def known_cards(holding: object) -> list[int]:
    if isinstance(holding, str):
        return [] if holding in RANGES else parse_cards(holding)
    return parse_cards(holding[0])  # type: ignore[index]


def small_spot(rng: random.Random, holdings: list[object], stub_size: int) -> list[int]:
    """Dead cards leaving ``stub_size`` cards besides the known ones."""
    known = {code for h in holdings for code in known_cards(h)}
    others = [code for code in range(52) if code not in known]
    rng.shuffle(others)
    return others[stub_size:]


def spots() -> list[tuple[list[object], list[int]]]:
    """Small spots (stubs of 9 to 12 cards), every kind: partial hands, ranges, dead cards, three players."""
    rng = random.Random(19)
    found: list[tuple[list[object], list[int]]] = []
    shapes: list[list[object]] = [
        ["As 2h 3d Kd", ("Kc", 3)],
        ["As 2h 3d Kd", ("", 4)],
        [("2c 5d", 2), ("Ks Qd Jh", 1)],
        ["Ac 4h 7d 9d", "pat 9"],
        ["Ac 4h 7d 9d", "3-card 7 draw"],
        ["8c 9h Td Kd", "pat 8: 0.5, 3-card 6 draw: 0.5"],
        ["Qc Jh 5d 5s", "pat J: 3, 3-card 5 draw", ("Kc Kh 2d", 1)],
        ["Kc Qd 4c 9h", "As 2h ? ?, pat T"],
        ["3s 4h 8c 8d", ("2c 2d Qs", 1), "pat 9"],
        ["Ac 2d 3h 3s", "2-card draw"],
    ]
    for shape in shapes:
        # Room for every card dealt and every draw, so that no draw needs a reshuffle (the brute force has none).
        dealt = sum(4 if isinstance(h, str) and h in RANGES else h[1] if isinstance(h, tuple) else 0 for h in shape)
        draws = sum(3 if not isinstance(h, str) or h in RANGES else len(usable_throw(parse_cards(h))) for h in shape)
        for _ in range(200):
            dead = small_spot(rng, shape, max(dealt + draws, rng.choice((9, 10, 11))))
            texts = [h if isinstance(h, str) else as_text(h) for h in shape]
            try:
                reference.equity(texts, dead=dead, samples=1, seed=1)
            except ValueError:  # a range that the dead cards leave empty: try other dead cards
                continue
            found.append((shape, dead))
            break
    return found


@pytest.mark.parametrize(("shape", "dead"), spots(), ids=lambda x: str(x)[:40])
@pytest.mark.parametrize("api", [badugi_fast, reference], ids=["fast", "reference"])
def test_exact_equity_of_every_kind_against_a_brute_force(shape: list[object], dead: list[int], api: object) -> None:
    holdings = [RANGES[h] if isinstance(h, str) and h in RANGES else h for h in shape]
    texts = [h if isinstance(h, str) else as_text(h) for h in shape]
    if api is badugi_fast and BACKEND != "c":
        pytest.skip("the C loops need the C extension")
    result = api.equity(texts, dead=dead)  # type: ignore[attr-defined]
    assert result.exact
    assert result.equity == pytest.approx(brute_equity(holdings, dead), abs=1e-9)
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-9)
    assert result.hands[0] == texts[0]


@needs_c
def test_draw_odds_of_a_range_is_the_weighted_mix_of_its_hands() -> None:
    odds = badugi_fast.draw_odds("pat 8: 1, 3-card 5 draw: 3")
    assert odds.exact
    pat = badugi_fast.draw_odds("pat 8")
    draw = badugi_fast.draw_odds("3-card 5 draw")
    for rank in range(1, 1093):
        assert odds.probability(rank) == pytest.approx(
            0.25 * pat.probability(rank) + 0.75 * draw.probability(rank), abs=1e-12
        )
    assert pat.p_at_or_better("8") == pytest.approx(1.0, abs=1e-12)  # it stands pat
    partial = badugi_fast.draw_odds("As 2h 3d ?", draws=2)
    walked = [badugi_fast.draw_odds(["As", "2h", "3d", code], draws=2) for code in range(52) if code not in (3, 6, 9)]
    assert partial.exact
    assert partial.p_badugi == pytest.approx(sum(odds.p_badugi for odds in walked) / 49, abs=1e-12)


@functools.cache
def range_hands(text: str, known: frozenset[int]) -> tuple[list[Hand], tuple[float, ...]]:
    """A range's hands avoiding the known cards, and their weights, by the rule written in possible_hands."""
    pairs = possible_hands(RANGES[text], set(known), [])
    return [hand for hand, _ in pairs], tuple(weight for _, weight in pairs)


def monte_carlo(texts: list[str], dead: list[int], draws: int, trials: int, seed: int) -> list[float]:
    """Each player's share of the pot, simulated here: the ranges dealt by weight (again when two meet), the
    unknown cards from the deck, then ``draws`` draws in player order by the usable policy, with the muck
    reshuffled (without the drawing player's own discards) when the stub runs out."""
    rng = random.Random(seed)
    specs = [parse_holding(text, "hand") for text in texts]
    known = {code for spec in specs for code in (spec.cards or ()) if code is not None} | set(dead)
    lists = {p: range_hands(text, frozenset(known)) for p, text in enumerate(texts) if specs[p].cards is None}
    shares = [0.0] * len(texts)
    for _ in range(trials):
        while True:
            hands: list[list[int]] = []
            taken = set(known)
            for p, spec in enumerate(specs):
                if p in lists:
                    (chosen,) = rng.choices(lists[p][0], cum_weights=cumulative(lists[p][1]))
                    if taken.intersection(chosen):
                        break
                    taken |= set(chosen)
                    hands.append(list(chosen))
                else:
                    hands.append([-1 if code is None else code for code in spec.cards or ()])
            else:
                break
        stub = [code for code in range(52) if code not in taken]
        rng.shuffle(stub)
        for held in hands:
            for i, code in enumerate(held):
                if code < 0:
                    held[i] = stub.pop()
        muck: list[int] = []
        for _ in range(draws):
            for p, hand in enumerate(hands):
                thrown = usable_throw(hand)
                new = []
                for _card in thrown:
                    if not stub:
                        stub, muck = muck, []
                        rng.shuffle(stub)
                    new.append(stub.pop())
                hands[p] = [code for code in hand if code not in thrown] + new
                muck += thrown
        ranks = [reference.evaluate(hand) for hand in hands]
        for p, rank in enumerate(ranks):
            if rank == min(ranks):
                shares[p] += 1 / ranks.count(rank)
    return [share / trials for share in shares]


@needs_c
@pytest.mark.parametrize(
    "texts",
    [
        ["As 2h 9d Kd", "pat 9"],
        ["As 2h 9d Kd", "3-card 7 draw", "Kc ? ? ?"],
        ["random", "pat 8: 0.5, 3-card 6 draw: 0.5"],
    ],
)
def test_sampled_ranges_with_several_draws_agree_with_a_monte_carlo_written_here(texts: list[str]) -> None:
    used = {code for text in texts for code in parse_holding(text, "hand").cards or () if code is not None}
    dead = [code for code in range(30, 48) if code not in used]  # fewer hands to list here
    fast = badugi_fast.equity(texts, draws=3, dead=dead, samples=200_000, seed=5)
    here = monte_carlo(texts, dead, 3, 3_000, seed=6)
    for p in range(len(texts)):
        stderr = math.hypot(fast.stderr[p], math.sqrt(0.25 / 3_000))
        assert abs(fast.equity[p] - here[p]) <= 4 * stderr


@needs_c
def test_sampled_win_and_tie_with_ranges_are_held_to_the_exact_ones() -> None:
    texts = ["As 2h 3d Kd", "pat 9"]
    exact = badugi_fast.equity(texts)
    sampled = badugi_fast.equity(texts, samples=300_000, seed=2)
    for p in range(2):
        for got, want in ((sampled.win[p], exact.win[p]), (sampled.tie[p], exact.tie[p])):
            assert abs(got - want) <= 4 * math.sqrt(max(want * (1 - want), 1e-6) / 300_000)


@needs_c
def test_exact_against_random_is_counted_hand_by_hand() -> None:
    # One unknown card of four: 47 hands, each counted as a question of known hands.
    partial = badugi_fast.equity(["As 2h 3d Kd", "Kc Qc Jh ?"], discards=["Kd", None])
    walked = [
        badugi_fast.equity(["As 2h 3d Kd", ["Kc", "Qc", "Jh", code]], discards=["Kd", None])
        for code in range(52)
        if code not in parse_cards("As 2h 3d Kd Kc Qc Jh")
    ]
    assert partial.exact
    assert partial.deals == sum(result.deals for result in walked)
    assert partial.equity[0] == pytest.approx(sum(result.equity[0] for result in walked) / 45, abs=1e-12)
    assert partial.hands[1] == "Kc Qc Jh ?"


@needs_c
def test_unknown_cards_come_from_the_stub_not_from_known_or_dead_cards() -> None:
    # Every card but four is dead or known: the unknown hand can only be those four, and stands pat on them.
    dead = [code for code in range(52) if code not in parse_cards("As 2h 3d 4c Kc Kd Kh Ks")]
    result = badugi_fast.equity(["Kc Kd Kh Ks", "random"], dead=dead, discards=["", ""])
    assert result.exact
    assert result.equity == (0.0, 1.0)
    sampled = badugi_fast.equity(["Kc Kd Kh Ks", "random"], dead=dead, discards=["", ""], samples=1000, seed=1)
    assert sampled.win == (0.0, 1.0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("pat 3", r"no 4-card hand is 3-high"),
        ("pat 9, 3-crad 7 draw", r"part 2 of .* \(at character 8\): '3-crad 7 draw' is not a hand"),
        ("pat 9: -1", r"the weight '-1' is not a positive number"),
        ("pat 9: x", r"the weight 'x' is not a positive number"),
        ("3-card 9-6 draw", r"needs 3 different ranks, highest first"),
        ("pat 9 10", r"expected one bound after 'pat'"),
        ("As 2h ?", r"a hand has exactly 4 cards, got 3"),
        ("As As ? ?", r"duplicate card As"),
        ("pat 4, As 2h 3d 4c", None),
        ("", r"no cards and no range"),
    ],
)
def test_the_grammar_says_where_the_text_is_wrong(spec: str, message: str | None) -> None:
    if message is None:
        parse_holding(spec, "hand 2")
        return
    with pytest.raises(ValueError, match=message):
        parse_holding(spec, "hand 2")


def test_the_grammar_reads_the_words_players_use() -> None:
    read = {text: parse_holding(text, "hand").text for text in ("pat 9", "badugi 9-high or better", "Badugi 9")}
    assert set(read.values()) == {"pat 9"}
    assert parse_holding("3-card 7-high draw or better", "hand").text == "3-card 7 draw"
    assert parse_holding("3-card 7-5-2 draw", "hand").text == "3-card 7-5-2 draw"
    assert parse_holding("pat 8: 0.5, 3-card 6 draw: 0.5", "hand").text == "pat 8: 0.5, 3-card 6 draw: 0.5"
    assert parse_holding("As,2h,3d,4c", "hand").cards == (3, 6, 9, 12)  # four cards with commas: a hand
    assert parse_holding("random", "hand").cards == (None,) * 4
    assert parse_holding(["As", None, "?", 12], "hand").cards == (3, None, None, 12)
    two = parse_holding("As 2h 3d 4c, Ks Qh Jd Tc", "hand")
    assert [part.text for part in two.parts] == ["As 2h 3d 4c", "Ks Qh Jd Tc"]


@pytest.mark.parametrize("api", [badugi_fast, reference], ids=["fast", "reference"])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda api: api.equity(["As 2h 3d 4c", "As ? ? ?"]), "card As is in hand 1 and hand 2"),
        (lambda api: api.equity(["As 2h 3d 4c", "pat 4"], dead="Ac Ad Ah 2c 2d 2s"), "holds no hand"),
        (lambda api: api.equity(["As 2h 3d 4c", "random"], discards=[None, "Kc"]), "holds cards not known"),
        (lambda api: api.draw_odds("As 2h ? ?", "As"), "holds cards not known"),
        (lambda api: api.equity(["random"] * 6, dead=list(range(30))), "the deck is too small"),
        (lambda api: api.equity(["As 2h 3d 4c", "pat 9"], samples=10**9 + 1), "samples must be an int from 1 to"),
    ],
)
def test_bad_holdings(api: object, call: Callable[[object], object], message: str) -> None:
    if api is badugi_fast and BACKEND != "c":
        pytest.skip("the C loops need the C extension")
    with pytest.raises(ValueError, match=message):
        call(api)


def test_card_texts_round_trip() -> None:
    assert parse_holding("as 2H ? ?", "hand").text == f"{card_str(3)} {card_str(6)} ? ?"
