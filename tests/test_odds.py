"""draw_odds and equity: exact answers against brute forces written here, sampled answers against exact ones and
against the plain-Python simulation, symmetries, reproducibility, and bad input."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations

import pytest

import badugi_fast
from badugi_fast import evaluate, parse_cards, reference
from badugi_fast.drawing import USABLE, DrawingPolicy, Pat, rank_bound, resolve_policy
from badugi_fast.evaluator import BACKEND

needs_c = pytest.mark.skipif(BACKEND != "c", reason="the C loops need the C extension")
pytestmark = needs_c


def random_spot(rng: random.Random, players: int, dead: int) -> tuple[list[list[int]], list[int]]:
    """``players`` random hands and ``dead`` random dead cards, all distinct."""
    cards = rng.sample(range(52), 4 * players + dead)
    return [cards[4 * p : 4 * p + 4] for p in range(players)], cards[4 * players :]


def brute_draw_odds(
    hand: Sequence[int], first: Sequence[int] | None, draws: int, dead: Sequence[int], policy: DrawingPolicy
) -> dict[int, float]:
    """Every sequence of draws, one by one: each draw is every set of as many cards from the cards not yet seen,
    equally likely; the policy's options (its Python definition) decide every discard it is asked for."""
    stub = [code for code in range(52) if code not in hand and code not in dead]
    out: dict[int, float] = defaultdict(float)

    def walk(cards: list[int], thrown: Sequence[int], seen: set[int], left: int, weight: float) -> None:
        kept = [code for code in cards if code not in thrown]
        sets = list(combinations([code for code in stub if code not in seen], len(thrown)))
        for new in sets:
            now = kept + list(new)
            if left == 1:
                out[evaluate(now)] += weight / len(sets)
                continue
            for again, probability in policy.options(tuple(now), left - 1):
                walk(now, again, seen | set(new), left - 1, weight * probability / len(sets))

    options = policy.options(tuple(hand), draws) if first is None else ((tuple(first), 1.0),)
    for thrown, probability in options:
        walk(list(hand), thrown, set(), draws, probability)
    return out


def brute_equity(hands: Sequence[Sequence[int]], thrown: Sequence[Sequence[int]], dead: Sequence[int]) -> list[float]:
    """Every deal of one draw, one by one: each player in turn gets every set of as many cards as it throws from
    the cards left; the best hand takes the pot, equal hands split it."""
    stub = [code for code in range(52) if all(code not in hand for hand in hands) and code not in dead]
    shares = [0.0] * len(hands)
    deals = 0

    def deal(player: int, left: list[int], ranks: list[int]) -> None:
        nonlocal deals
        if player == len(hands):
            deals += 1
            best = min(ranks)
            for p, rank in enumerate(ranks):
                if rank == best:
                    shares[p] += 1 / ranks.count(best)
            return
        kept = [code for code in hands[player] if code not in thrown[player]]
        for new in combinations(left, len(thrown[player])):
            deal(player + 1, [code for code in left if code not in new], [*ranks, evaluate(kept + list(new))])

    deal(0, stub, [])
    return [share / deals for share in shares]


def as_dict(probabilities: Sequence[float]) -> dict[int, float]:
    return {rank: p for rank, p in enumerate(probabilities) if p}


def close(a: dict[int, float], b: dict[int, float], tolerance: float = 1e-12) -> bool:
    return all(abs(a.get(rank, 0.0) - b.get(rank, 0.0)) <= tolerance for rank in set(a) | set(b))


def test_one_draw_is_exact_against_a_brute_force() -> None:
    rng = random.Random(1)
    for _ in range(40):
        (hand,), dead = random_spot(rng, 1, rng.randint(0, 12))
        thrown = rng.sample(hand, rng.randint(0, 3))
        odds = badugi_fast.draw_odds(hand, thrown, dead=dead)
        assert odds.exact
        assert odds.deals == math.comb(48 - len(dead), len(thrown))
        assert close(as_dict(odds.probabilities), brute_draw_odds(hand, thrown, 1, dead, USABLE))
    kings = [48, 49, 50, 51]
    odds = badugi_fast.draw_odds(kings, kings)  # all four thrown: every hand of the other 48 cards
    assert odds.deals == math.comb(48, 4)
    assert close(as_dict(odds.probabilities), brute_draw_odds(kings, kings, 1, [], USABLE))


@pytest.mark.parametrize("policy", ["usable", "basic", "pat:8"])
def test_two_and_three_draws_are_exact_against_a_brute_force_on_small_stubs(policy: str) -> None:
    rng = random.Random(hash(policy) % 1000)
    chosen = resolve_policy(policy)
    for draws in (2, 3, 2, 3):
        (hand,), dead = random_spot(rng, 1, 48 - 10)  # a stub of 10 cards: small enough to walk every sequence
        odds = badugi_fast.draw_odds(hand, draws=draws, dead=dead, policy=policy)
        assert odds.exact
        assert close(as_dict(odds.probabilities), brute_draw_odds(hand, None, draws, dead, chosen), 1e-12)


def test_a_randomized_user_policy_is_exact_against_a_brute_force(
    user_policies: tuple[DrawingPolicy, DrawingPolicy],
) -> None:
    _, keep_lowest = user_policies
    rng = random.Random(4)
    (hand,), dead = random_spot(rng, 1, 48 - 11)
    odds = badugi_fast.draw_odds(hand, draws=3, dead=dead, policy=keep_lowest)
    assert odds.exact
    assert odds.policy == "keep-lowest"
    assert close(as_dict(odds.probabilities), brute_draw_odds(hand, None, 3, dead, keep_lowest), 1e-12)


def test_one_draw_equity_is_exact_against_a_brute_force() -> None:
    rng = random.Random(2)
    for players, dead in ((2, 30), (3, 26), (4, 22), (6, 16), (2, 0)):
        hands, dead_cards = random_spot(rng, players, dead)
        thrown = [rng.sample(hand, rng.randint(0, 2 if dead else 1)) for hand in hands]
        result = badugi_fast.equity(hands, discards=thrown, dead=dead_cards, threads=1)
        assert result.exact
        assert result.samples == 0
        assert result.stderr == (0.0,) * players
        assert result.equity == pytest.approx(brute_equity(hands, thrown, dead_cards), abs=1e-12)
        assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)
        assert all(
            abs(w + t - e) < 1 + 1e-12 and w <= e + 1e-12
            for w, t, e in zip(result.win, result.tie, result.equity, strict=True)
        )


def test_the_policy_decides_the_first_discards_and_the_reference_agrees() -> None:
    rng = random.Random(3)
    for _ in range(6):
        hands, dead = random_spot(rng, 3, 20)
        fast = badugi_fast.equity(hands, dead=dead, policy=["usable", "pat:9", "snow"])
        slow = reference.equity(hands, dead=dead, policy=["usable", "pat:9", "snow"])
        assert fast.exact
        assert slow.exact
        assert fast.deals == slow.deals
        assert fast.equity == pytest.approx(slow.equity, abs=1e-12)
        assert fast.win == pytest.approx(slow.win, abs=1e-12)
        assert fast.tie == pytest.approx(slow.tie, abs=1e-12)
        policies = [USABLE, Pat(rank_bound("9")), resolve_policy("snow")]
        thrown = [policy.options(tuple(hand), 1)[0][0] for policy, hand in zip(policies, hands, strict=True)]
        assert fast.equity == pytest.approx(brute_equity(hands, thrown, dead), abs=1e-12)


def test_big_spots_are_counted_not_walked() -> None:
    # A two-card draw against a three-card draw: 10,860,080 deals (the benchmark spot); four against four heads-up.
    two_three = badugi_fast.equity(["As 2h Kc Kd", "3c Qh Js Jc"], discards=["Kc Kd", "Qh Js Jc"])
    assert two_three.exact
    assert two_three.deals == math.comb(44, 2) * math.comb(42, 3) == 10_860_080
    four_four = badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], discards=["As 2h 3d 4c", "5s 6h 7d 8c"])
    assert four_four.exact
    assert four_four.deals == math.comb(44, 4) * math.comb(40, 4)
    assert four_four.equity == pytest.approx((0.5, 0.5), abs=1e-12)  # both draw four fresh cards: symmetric
    assert four_four.win[0] == pytest.approx(four_four.win[1], abs=1e-12)


def test_spots_too_big_to_count_are_sampled_and_say_so() -> None:
    six = ["As 2h Kc Kd", "3c 4d Qh Qs", "5h 6s 7c 7d", "8h 9h Tc Jd", "2c 2d 3h 9s", "4h 5s 6c 6d"]
    thrown = ["Kc Kd", "Qh Qs", "7c 7d", "8h 9h", "2c 2d", "6c 6d"]  # 2 cards each: about 2e13 deals
    result = badugi_fast.equity(six, discards=thrown, samples=None, seed=3)
    assert not result.exact
    assert result.samples == 1 << 18
    assert result.deals == 0
    odds = badugi_fast.draw_odds("Kc Kd Kh Ks", draws=3, seed=1)  # a lone king, three draws: too many sequences
    assert not odds.exact
    assert odds.seed == 1
    assert odds.stderr(0.5) < 0.001


def within(a: float, b: float, stderr: float) -> bool:
    return abs(a - b) <= 4 * stderr + 1e-12


def test_sampled_draw_odds_are_within_four_standard_errors_of_exact() -> None:
    for hand, policy in (("As 2h Qd Qc", "usable"), ("Ks Qh 8d 3c", "basic"), ("As 5h 9d 9c", "pat:9")):
        exact = badugi_fast.draw_odds(hand, draws=3, policy=policy)
        sampled = badugi_fast.draw_odds(hand, draws=3, policy=policy, samples=100_000, seed=9)
        assert exact.exact
        assert not sampled.exact
        assert sampled.samples == 100_000
        for bound in ("7", "9", "K", 1001):
            p = exact.p_at_or_better(bound)
            assert within(sampled.p_at_or_better(bound), p, math.sqrt(p * (1 - p) / 100_000))
        assert within(sampled.expected_rank, exact.expected_rank, sampled.expected_rank_stderr)


def test_sampled_equity_is_within_four_standard_errors_of_exact() -> None:
    hands = ["As 2h 9d 9c", "3c 4d Ts Jh", "5s 7h 7c 8d"]  # everyone can win
    exact = badugi_fast.equity(hands)
    sampled = badugi_fast.equity(hands, samples=60_000, seed=4)
    assert exact.exact
    assert not sampled.exact
    assert sampled.deals == 0
    for p in range(3):
        assert 0 < sampled.stderr[p] < 0.01
        assert within(sampled.equity[p], exact.equity[p], sampled.stderr[p])
    assert sum(sampled.equity) == pytest.approx(1.0, abs=1e-12)


def test_the_c_simulation_agrees_with_the_plain_python_one_with_reshuffles() -> None:
    # Six hands throwing 7 cards at the first draw and 22 dead cards: a stub of 6, so draws reshuffle the muck.
    hands = ["As 2h Qd Qc", "3c 4c Ts Jh", "5s 7h 7c 8d", "Ad Ah 6s 9h", "2c 3h 4h Kd", "9s 9d Tc Th"]
    used = parse_cards(" ".join(hands))
    dead = [code for code in range(52) if code not in used][:22]
    fast = badugi_fast.equity(hands, draws=3, dead=dead, samples=100_000, seed=1, policy="basic")
    slow = reference.equity(hands, draws=3, dead=dead, samples=3_000, seed=1, policy="basic")
    for p in range(6):
        assert within(fast.equity[p], slow.equity[p], math.hypot(fast.stderr[p], slow.stderr[p]))
    assert not badugi_fast.equity(hands, dead=dead).exact  # one draw, but it needs a reshuffle: sampled
    stub = [code for code in range(52) if code not in used and code not in dead]
    alone = [code for code in range(52) if code not in stub[:6] and code not in parse_cards(hands[1])]
    odds_fast = badugi_fast.draw_odds(hands[1], draws=3, dead=alone, samples=50_000, seed=2)  # a stub of 6
    odds_slow = reference.draw_odds(hands[1], draws=3, dead=alone, samples=4_000, seed=2)
    assert not odds_fast.exact
    stderr = math.hypot(odds_fast.stderr(odds_fast.p_badugi), odds_slow.stderr(odds_slow.p_badugi))
    assert within(odds_fast.p_badugi, odds_slow.p_badugi, stderr)


def test_permuting_seats_permutes_exact_equities() -> None:
    hands = ["As 2h Qd Qc", "3c 4d Ts Jh", "5s 7h 7c Kd", "2c 3s 9h 9d"]
    base = badugi_fast.equity(hands)
    order = [2, 0, 3, 1]
    moved = badugi_fast.equity([hands[i] for i in order])
    assert moved.equity == pytest.approx([base.equity[i] for i in order], abs=1e-12)
    assert moved.tie == pytest.approx([base.tie[i] for i in order], abs=1e-12)


def test_hands_equal_up_to_suits_split_evenly() -> None:
    # Spades <-> hearts, diamonds <-> clubs: the same hand in other suits, exact and sampled.
    exact = badugi_fast.equity(["As 2h 3d 4d", "Ah 2s 3c 4c"])
    assert exact.equity == pytest.approx((0.5, 0.5), abs=1e-12)
    sampled = badugi_fast.equity(["As 2h 9d Qc", "Ah 2s 9c Qd"], draws=3, samples=40_000, seed=3)
    assert within(sampled.equity[0], 0.5, sampled.stderr[0])


def test_the_same_seed_gives_the_same_answer_with_one_and_two_threads() -> None:
    hands = ["As 2h Qd Qc", "3c 4d Ts Jh", "5s 7h 7c Kd"]
    one = badugi_fast.equity(hands, draws=3, samples=30_001, seed=12, threads=1)
    two = badugi_fast.equity(hands, draws=3, samples=30_001, seed=12, threads=2)
    assert one == two
    assert one != badugi_fast.equity(hands, draws=3, samples=30_001, seed=13, threads=1)
    odds_one = badugi_fast.draw_odds("As 2h Qd Qc", draws=3, samples=20_001, seed=5, threads=1, policy="basic")
    odds_two = badugi_fast.draw_odds("As 2h Qd Qc", draws=3, samples=20_001, seed=5, threads=2, policy="basic")
    assert odds_one == odds_two
    exact_one = badugi_fast.equity(["As 2h Kc Kd", "3c Qh Js Jc", "5d 6d 8s 8h"], threads=1)
    assert exact_one == badugi_fast.equity(["As 2h Kc Kd", "3c Qh Js Jc", "5d 6d 8s 8h"], threads=2)


def test_no_draw_is_a_showdown() -> None:
    result = badugi_fast.equity(["As 2h 3d 4c", "Ah 2s 3c 4d", "Kc Kd Kh Ks"], draws=0)
    assert result.exact
    assert result.deals == 1
    assert result.equity == (0.5, 0.5, 0.0)
    assert result.tie == (1.0, 1.0, 0.0)
    odds = badugi_fast.draw_odds("As 2h 3d 4c", draws=0)
    assert odds.probability(1) == 1.0
    assert odds.p_sizes == {4: 1.0, 3: 0.0, 2: 0.0, 1: 0.0}


def test_helpers_add_up() -> None:
    odds = badugi_fast.draw_odds("As 2h Qd Qc", draws=2)
    assert sum(odds.p_sizes.values()) == pytest.approx(1.0, abs=1e-12)
    assert odds.p_badugi == pytest.approx(odds.p_sizes[4], abs=1e-12)
    assert odds.p_at_or_better("K") == pytest.approx(odds.p_badugi, abs=1e-12)
    assert odds.p_at_or_better(1092) == pytest.approx(1.0, abs=1e-12)
    assert odds.expected_rank == pytest.approx(sum(r * odds.probability(r) for r in range(1, 1093)), abs=1e-9)
    assert odds.stderr(0.3) == 0.0
    summary = odds.to_dict()
    assert json.loads(json.dumps(summary))["p_badugi"] == pytest.approx(odds.p_badugi)


def test_user_policies_work_in_both_functions(user_policies: tuple[DrawingPolicy, DrawingPolicy]) -> None:
    throw_high, keep_lowest = user_policies
    hand = [0, 29, 30, 51]  # Ac 8d 8h Ks: throw_high keeps the ace alone
    odds = badugi_fast.draw_odds(hand, policy=throw_high)
    assert odds.deals == math.comb(48, 3)
    assert close(as_dict(odds.probabilities), brute_draw_odds(hand, None, 1, [], throw_high))
    hands = ["As 2h Qd Qc", "3c 4d Ts Jh"]
    mixed = badugi_fast.equity(hands, draws=3, policy=[throw_high, keep_lowest], samples=20_000, seed=1)
    assert mixed.policies == ("throw_high", "keep-lowest")
    assert sum(mixed.equity) == pytest.approx(1.0, abs=1e-12)
    # keep_lowest flips a coin at the last draw: with one draw to come the first discards are not known, so the
    # answer is sampled; given discards make it exact again.
    assert not badugi_fast.equity(hands, policy=keep_lowest, samples=None, seed=2).exact
    assert badugi_fast.equity(hands, policy=keep_lowest, discards=["Qd Qc", "Ts Jh"]).exact


#: every card but those of "As 2h 3d 4c" and "5s 6h 7d 8c" and three more: a stub of 3 cards
FORTY_ONE = [code for code in range(52) if code not in parse_cards("As 2h 3d 4c 5s 6h 7d 8c")][:41]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "As 5h 6d 7c"]), "card As is in hand 1 and hand 2"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 5h 6d 7c"], dead="5s"), "card 5s is in hand 2 and the dead"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 6d 7c"], dead="Kc Kc"), "twice in the dead cards"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 5s 6d 7c"]), "hand 2: duplicate card 5s"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c 9s"]), "hand 2: a hand has exactly 4 cards, got 5"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", "Kc"), r"discard Kc is not in the hand \(As 2h 3d 4c\)"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", "As As"), "discards As twice"),
        (
            lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], discards=["As", "Kc"]),
            "discard Kc is not in hand 2",
        ),
        (lambda: badugi_fast.equity([]), "2 to 6 hands, got 0"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c"]), "2 to 6 hands, got 1"),
        (lambda: badugi_fast.equity([f"{r}c {r}d {r}h {r}s" for r in "A23456K"]), "2 to 6 hands, got 7"),
        (lambda: badugi_fast.equity("As 2h 3d 4c"), "sequence of hands, not str"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", draws=4), "draws must be an int from 0 to 3, not 4"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", draws=-1), "draws must be an int from 0 to 3, not -1"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", draws=True), "not True"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", "As", draws=0), "cannot discard with no draw to come"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", policy="cautious"), "unknown policy 'cautious'"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], policy=["usable"]), "1 policies for 2 hands"),
        (lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], discards=["As"]), "one entry per hand"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", samples=0), "samples must be an int from 1"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", seed=-1), "seed must be an int from 0"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", threads=65), "threads must be an int from 1 to 64"),
        (lambda: badugi_fast.draw_odds("As 2h 3d 4c", dead="Zz"), "dead cards: bad card text"),
        (
            lambda: badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], discards=["As 2h 3d 4c", None], dead=FORTY_ONE),
            "the stub is too small",
        ),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_the_same_bad_input_gets_the_same_error_from_the_reference() -> None:
    with pytest.raises(ValueError, match="card As is in hand 1 and hand 2"):
        reference.equity(["As 2h 3d 4c", "As 5h 6d 7c"])
    with pytest.raises(ValueError, match="draws must be an int from 0 to 3"):
        reference.draw_odds("As 2h 3d 4c", draws=5)


def test_without_the_c_extension_the_reference_answers() -> None:
    script = (
        "import json, badugi_fast as bf\n"
        "odds = bf.draw_odds('As 2h Qd Qc', 'Qd Qc', dead='Kc')\n"
        "eq = bf.equity(['As 2h 3d 3c', '4s 5h 6d 6c'])\n"
        "sampled = bf.equity(['As 2h 3d 3c', '4s 5h 6d 6c'], draws=2, samples=300, seed=1)\n"
        "advice = bf.best_discard('As 2h 3d Kd', ['4s 5h 6d 6c'], samples=4000, seed=1)\n"
        "draw = bf.best_draw('As 2h 7d 7c', '7')\n"
        "print(json.dumps([bf.BACKEND, odds.exact, odds.p_badugi, eq.exact, eq.equity, sampled.samples,\n"
        "                  advice.best.throw, draw.best.throw, draw.best.chance]))\n"
    )
    env = {**os.environ, "BADUGI_FAST_BACKEND": "python"}
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False, timeout=300
    )
    assert run.returncode == 0, run.stderr
    backend, odds_exact, p_badugi, equity_exact, equity, samples, advice, draw, chance = json.loads(run.stdout)
    assert backend == "python"
    assert odds_exact
    assert equity_exact
    assert samples == 300
    assert p_badugi == pytest.approx(badugi_fast.draw_odds("As 2h Qd Qc", "Qd Qc", dead="Kc").p_badugi, abs=1e-12)
    assert equity == pytest.approx(badugi_fast.equity(["As 2h 3d 3c", "4s 5h 6d 6c"]).equity, abs=1e-12)
    assert advice == badugi_fast.best_discard("As 2h 3d Kd", ["4s 5h 6d 6c"]).best.throw == "Kd"
    assert draw == badugi_fast.best_draw("As 2h 7d 7c", "7").best.throw
    assert chance == pytest.approx(badugi_fast.best_draw("As 2h 7d 7c", "7").best.chance, abs=1e-12)


@pytest.mark.parametrize("api", [badugi_fast, reference], ids=["fast", "reference"])
def test_a_draw_may_take_exactly_the_whole_stub(api: object) -> None:
    kings, left = parse_cards("Kc Kd Kh Ks"), parse_cards("As 2h 3d 4c")
    dead = [code for code in range(52) if code not in kings + left]  # a stub of exactly the four cards thrown for
    odds = api.draw_odds(kings, kings, dead=dead)  # type: ignore[attr-defined]
    assert odds.exact
    assert odds.deals == 1
    assert odds.probability(1) == 1.0
    queens = parse_cards("Qc Qd Qh Qs")
    dead = [code for code in dead if code not in queens]  # two hands: the stub is again four cards
    result = api.equity([kings, queens], discards=[kings, ""], dead=dead)  # type: ignore[attr-defined]
    assert result.exact
    assert result.equity == (1.0, 0.0)


@pytest.mark.parametrize("api", [badugi_fast, reference], ids=["fast", "reference"])
def test_a_reshuffle_never_hands_a_player_back_its_own_discards(api: object) -> None:
    # A stub of one card (8s): hand 1 throws 4s and takes it, so hand 2's card comes from the muck reshuffled
    # without its own discard, that is hand 1's 4s: hand 2 always ends with the wheel, hand 1 (8-7-6-5) never wins
    # or ties. Had hand 2's 3s gone into the muck at once, it would get the 3s back half of the time and lose.
    hands = ["5c 6d 7h 4s", "Ac 2d 3h 3s"]
    dead = [code for code in range(52) if code not in parse_cards(" ".join(hands)) + parse_cards("8s")]
    result = api.equity(hands, discards=["4s", "3s"], dead=dead, samples=3000, seed=1)  # type: ignore[attr-defined]
    assert not result.exact
    assert result.equity == (0.0, 1.0)
    assert result.win == (0.0, 1.0)
    assert result.tie == (0.0, 0.0)
    if api is badugi_fast:  # the default answer is sampled too (the reference would take 2**18 slow trials)
        assert badugi_fast.equity(hands, discards=["4s", "3s"], dead=dead, seed=1).equity == (0.0, 1.0)


def test_sampled_wins_and_ties_are_held_to_the_exact_ones() -> None:
    pat = badugi_fast.equity(["As 2h 3d 4c", "Ah 2s 3c 4d"], discards=["", ""], samples=2000, seed=1)
    assert pat.win == (0.0, 0.0)  # the same wheel twice: every trial a split, none a win
    assert pat.tie == (1.0, 1.0)
    hands = ["As 2h 3d Kd", "Ac 2d 3h Ks"]  # the same draw in other suits: ties often
    exact = badugi_fast.equity(hands)
    sampled = badugi_fast.equity(hands, samples=200_000, seed=3)
    assert exact.tie[0] > 0.01
    for p in range(2):
        for got, want in ((sampled.win[p], exact.win[p]), (sampled.tie[p], exact.tie[p])):
            assert within(got, want, math.sqrt(want * (1 - want) / 200_000))


def test_a_run_in_pieces_gives_the_answer_of_one_piece() -> None:
    from badugi_fast.odds.loops import PIECE

    hands = ["As 2h Qd Qc", "3c 4d Ts Jh"]
    one = badugi_fast.equity(hands, draws=2, samples=2 * PIECE + 7, seed=8, threads=1)
    three = badugi_fast.equity(hands, draws=2, samples=2 * PIECE + 7, seed=8, threads=3)
    assert one == three


def test_the_thread_limit_is_one_number_in_python_and_c() -> None:
    from badugi_fast import _native, parallel

    assert parallel.MAX_THREADS == _native.MAX_THREADS
    with pytest.raises(ValueError, match=f"threads must be an int from 1 to {parallel.MAX_THREADS}"):
        badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], threads=parallel.MAX_THREADS + 1)
    result = badugi_fast.equity(["As 2h 3d 4c", "5s 6h 7d 8c"], samples=100, seed=1, threads=parallel.MAX_THREADS)
    assert result.samples == 100
