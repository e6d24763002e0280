"""A question about draws to come (a "spot"), checked once: the hands, what each throws at the next draw, the dead
cards, the number of draws, the policies. ``badugi_fast.odds`` and ``badugi_fast.reference`` both start here, so
the same bad input gets the same ``ValueError`` from either.

The model both answer (README, "Odds and equity"):

- The stub is every card not in a hand and not dead. Dead cards are out of play for good.
- At each draw the players draw in the order given (the first hand first). Each throws its cards (at the first
  draw ``discards`` when given, else its policy's choice for its four cards and the draws to come) and is dealt
  as many at once from the stub, at random.
- Thrown cards go to the muck. When a draw needs more cards than the stub holds, the player takes what is left
  and the muck (not that player's own discards of this draw) is shuffled into a new stub: the rule of
  ``badugi_fast.rules.engine``. Cards in hands and dead cards never come back.
- At the end the best hand wins the pot; equal hands split it.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from badugi_fast.cards import Hand, card_str, hand_codes, parse_cards
from badugi_fast.drawing import DrawingPolicy, PolicySpec, resolve_policy

__all__ = ["DEFAULT_SAMPLES", "MAX_DRAWS", "MAX_HANDS", "Cards", "Spot", "draw_odds_spot", "equity_spot", "run_options"]

MAX_HANDS = 6
MAX_DRAWS = 3
#: Trials of a sampled answer unless ``samples=`` says otherwise: 2**18 keeps the standard error of every
#: probability and equity below 0.001 (at most 0.5 / sqrt(n)).
DEFAULT_SAMPLES = 1 << 18
#: Native threads at most (BADUGI_MAX_THREADS in csrc/badugi.h).
MAX_THREADS = 64

#: Cards as text ("Kc 9d") or a sequence of card strings or int codes.
Cards = str | Iterable[str | int]


@dataclass(frozen=True)
class Spot:
    """Checked inputs. ``first[p]`` is what player p throws at the next draw, or None for its policy's choice."""

    hands: tuple[tuple[int, int, int, int], ...]
    first: tuple[tuple[int, ...] | None, ...]
    dead: tuple[int, ...]
    draws: int
    policies: tuple[DrawingPolicy, ...]

    @property
    def stub(self) -> tuple[int, ...]:
        """The cards that can be drawn, ascending."""
        out = set(self.dead).union(*self.hands)
        return tuple(code for code in range(52) if code not in out)

    @property
    def opponents(self) -> int:
        """How many opponents each player has (what a policy that looks at them is told)."""
        return max(len(self.hands) - 1, 1)


def draw_odds_spot(hand: Hand, discard: Cards | None, draws: int, dead: Cards, policy: PolicySpec) -> Spot:
    """The checked inputs of ``draw_odds``."""
    codes = hand_codes(hand)
    checked_draws = _draws(draws)
    thrown = None if discard is None else _discard(discard, codes, "the hand", checked_draws)
    spot = Spot((codes,), (thrown,), _dead(dead, [codes], ["the hand"]), checked_draws, (resolve_policy(policy),))
    _check_stub(spot, ["the hand"])
    return spot


def equity_spot(
    hands: Sequence[Hand],
    draws: int,
    discards: Sequence[Cards | None] | None,
    dead: Cards,
    policy: PolicySpec | Sequence[PolicySpec],
) -> Spot:
    """The checked inputs of ``equity``."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ValueError(f"equity takes a sequence of hands, not {type(hands).__name__}")
    if not 2 <= len(hands) <= MAX_HANDS:
        raise ValueError(f"equity takes 2 to {MAX_HANDS} hands, got {len(hands)}")
    codes = []
    for number, hand in enumerate(hands, 1):
        try:
            codes.append(hand_codes(hand))
        except ValueError as error:
            raise ValueError(f"hand {number}: {error}") from None
    names = [f"hand {number}" for number in range(1, len(hands) + 1)]
    checked_draws = _draws(draws)
    if discards is None:
        first: tuple[tuple[int, ...] | None, ...] = (None,) * len(codes)
    else:
        if isinstance(discards, str) or not isinstance(discards, Sequence) or len(discards) != len(codes):
            count = len(discards) if isinstance(discards, Sequence) and not isinstance(discards, str) else "not a list"
            raise ValueError(f"discards needs one entry per hand (None: the policy's choice), got {count}")
        first = tuple(
            None if thrown is None else _discard(thrown, hand, name, checked_draws)
            for thrown, hand, name in zip(discards, codes, names, strict=True)
        )
    spot = Spot(tuple(codes), first, _dead(dead, codes, names), checked_draws, _policies(policy, len(codes)))
    _check_stub(spot, names)
    return spot


def run_options(
    samples: int | None, seed: int | None, threads: int | None
) -> tuple[int | None, int | None, int | None]:
    """``samples``, ``seed`` and ``threads`` checked: a positive number of trials, a seed in 0 .. 2**64 - 1, and
    1 .. MAX_THREADS threads (None: the defaults)."""
    for name, value, low, high in (
        ("samples", samples, 1, 1 << 62),
        ("seed", seed, 0, (1 << 64) - 1),
        ("threads", threads, 1, MAX_THREADS),
    ):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            raise ValueError(f"{name} must be an int from {low} to {high}, not {value!r}")
    return samples, seed, threads


def _draws(draws: object) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int) or not 0 <= draws <= MAX_DRAWS:
        raise ValueError(f"draws must be an int from 0 to {MAX_DRAWS}, not {draws!r}")
    return draws


def _cards(cards: Cards, what: str) -> list[int]:
    """Card codes from text or a sequence of card strings or codes; ValueError naming ``what``."""
    try:
        if isinstance(cards, str):
            return parse_cards(cards)
        if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
            raise ValueError(f"expected card text or a sequence of cards, not {type(cards).__name__}")
        codes = []
        for item in cards:
            if isinstance(item, str):
                one = parse_cards(item)
                if len(one) != 1:
                    raise ValueError(f"expected one card, got {item!r}")
                codes.append(one[0])
            elif isinstance(item, bool) or not hasattr(item, "__index__"):
                raise ValueError(f"a card is a card string or an int code, not {type(item).__name__}")
            else:
                code = operator.index(item)
                if not 0 <= code <= 51:
                    raise ValueError(f"card code {code} is out of range 0..51")
                codes.append(code)
        return codes
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def _discard(thrown: Cards, hand: tuple[int, ...], name: str, draws: int) -> tuple[int, ...]:
    codes = _cards(thrown, f"discards of {name}")
    if codes and draws == 0:
        raise ValueError(f"{name} cannot discard with no draw to come (draws=0)")
    for code in codes:
        if code not in hand:
            shown = " ".join(map(card_str, hand))
            raise ValueError(f"discard {card_str(code)} is not in {name} ({shown})")
        if codes.count(code) > 1:
            raise ValueError(f"{name} discards {card_str(code)} twice")
    return tuple(codes)


def _dead(dead: Cards, hands: Sequence[tuple[int, ...]], names: Sequence[str]) -> tuple[int, ...]:
    """The dead cards, checked against each other and the hands (a card in two hands is refused here too)."""
    codes = _cards(dead, "dead cards")
    seen: dict[int, str] = {}
    for name, cards in [*zip(names, hands, strict=True), ("the dead cards", codes)]:
        for code in cards:
            if code in seen:
                where = "twice in the dead cards" if seen[code] == name else f"in {seen[code]} and {name}"
                raise ValueError(f"card {card_str(code)} is {where}")
            seen[code] = name
    return tuple(codes)


def _policies(policy: PolicySpec | Sequence[PolicySpec], count: int) -> tuple[DrawingPolicy, ...]:
    """One policy for everyone, or one per hand."""
    if isinstance(policy, Sequence) and not isinstance(policy, str):
        if len(policy) != count:
            raise ValueError(f"policy gives {len(policy)} policies for {count} hands")
        return tuple(resolve_policy(one) for one in policy)
    return (resolve_policy(policy),) * count


def _check_stub(spot: Spot, names: Sequence[str]) -> None:
    """Refuse a spot whose draws could need more cards than there are to draw from. The stub and the muck always
    hold every card not in a hand and not dead, less the drawing player's own discards (still in its hand), so
    the question is only whether a player may throw more cards at once than that."""
    if spot.draws == 0:
        return
    room = 52 - 4 * len(spot.hands) - len(spot.dead)
    for name, hand, thrown, policy in zip(names, spot.hands, spot.first, spot.policies, strict=True):
        if thrown is None:
            first = max(len(cards) for cards, _ in policy.options(hand, spot.draws, spot.opponents))
        else:
            first = len(thrown)
        later = max((policy.most_thrown(left) for left in range(1, spot.draws)), default=0)
        most = max(first, later)
        if most > room:
            raise ValueError(
                f"the stub is too small: {len(spot.hands)} hands and {len(spot.dead)} dead cards leave {room} cards "
                f"to draw from, and {name} may throw {most} at once"
            )
