"""A question about draws to come (a "spot"), checked once: what each player holds (``holdings``), what each throws
at the next draw, the dead cards, the number of draws, the policies. ``badugi_fast.odds`` and
``badugi_fast.reference`` both start here, so the same bad input gets the same ``ValueError`` from either.

The model both answer (README, "Odds and equity"):

- The stub is every card not known and not dead. Dead cards are out of play for good. A player's unknown cards
  (``"As 2h ? ?"``, ``"random"``) and a range's hands come out of the stub (``badugi_fast.spots.holdings`` says how
  likely each is), before any draw.
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

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.drawing import DrawingPolicy, PolicySpec, resolve_policy
from badugi_fast.parallel import MAX_THREADS
from badugi_fast.spots.holdings import Holding, HoldingText, parse_holding, resolve

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_DRAWS",
    "MAX_HANDS",
    "MAX_SAMPLES",
    "Cards",
    "Spot",
    "advice_spot",
    "draw_odds_spot",
    "equity_spot",
    "run_options",
]

MAX_HANDS = 6
MAX_DRAWS = 3
#: Trials of a sampled answer unless ``samples=`` says otherwise: 2**18 keeps the standard error of every
#: probability and equity below 0.001 (at most 0.5 / sqrt(n)).
DEFAULT_SAMPLES = 1 << 18
#: The most trials a sampled answer may ask for: a billion (minutes of work on one core, a standard error of at
#: most 0.000016); more is refused rather than left to run for hours.
MAX_SAMPLES = 1_000_000_000

#: Cards as text ("Kc 9d") or a sequence of card strings or int codes.
Cards = str | Iterable[str | int]


@dataclass(frozen=True)
class Spot:
    """Checked inputs. ``first[p]`` is what player p throws at the next draw (``()``: it stands pat), or None for
    its policy's choice; only a player whose cards are all known may name cards."""

    holdings: tuple[Holding, ...]
    first: tuple[tuple[int, ...] | None, ...]
    dead: tuple[int, ...]
    draws: int
    policies: tuple[DrawingPolicy, ...]

    @property
    def known(self) -> bool:
        """Whether every player's cards are known."""
        return all(holding.known is not None for holding in self.holdings)

    @property
    def hands(self) -> tuple[tuple[int, int, int, int], ...]:
        """The players' four cards, when every one is known."""
        hands = tuple(holding.known for holding in self.holdings)
        if None in hands:
            raise ValueError("the spot has unknown cards")
        return hands  # type: ignore[return-value]  # no None in it

    @property
    def stub(self) -> tuple[int, ...]:
        """The cards that can be dealt and drawn, ascending: neither dead nor known."""
        out = set(self.dead).union(*(holding.fixed for holding in self.holdings))
        return tuple(code for code in range(52) if code not in out)

    @property
    def opponents(self) -> int:
        """How many opponents each player has (what a policy that looks at them is told)."""
        return max(len(self.holdings) - 1, 1)


def draw_odds_spot(hand: HoldingText, discard: Cards | None, draws: int, dead: Cards, policy: PolicySpec) -> Spot:
    """The checked inputs of ``draw_odds``."""
    checked_draws = _draws(draws)
    return _spot([hand], ["the hand"], [discard], checked_draws, dead, (resolve_policy(policy),))


def equity_spot(
    hands: Sequence[HoldingText],
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
    names = [f"hand {number}" for number in range(1, len(hands) + 1)]
    checked_draws = _draws(draws)
    first = _per_hand(discards, len(hands), "discards")
    return _spot(hands, names, first, checked_draws, dead, _policies(policy, len(hands)))


def advice_spot(
    hand: HoldingText,
    against: Sequence[HoldingText],
    draws: int,
    against_discards: Sequence[Cards | None] | None,
    dead: Cards,
    policy: PolicySpec | Sequence[PolicySpec],
) -> Spot:
    """The checked inputs of ``best_discard``: the hand first (it must be four known cards; its first discard is
    left open), then its opponents."""
    if isinstance(against, (str, bytes)) or not isinstance(against, Sequence):
        # as equity refuses one: a text is no list of opponents (iterated, it would be one per character)
        raise ValueError(
            f"best_discard takes the opponents as a list of hands ([{against!r}] for one), not {type(against).__name__}"
        )
    if not 1 <= len(against) <= MAX_HANDS - 1:
        raise ValueError(f"best_discard takes 1 to {MAX_HANDS - 1} opponents, got {len(against)}")
    checked_draws = _draws(draws)
    if checked_draws == 0:
        raise ValueError("best_discard needs a draw to come (draws=1 to 3)")
    names = ["the hand", *(f"opponent {number}" for number in range(1, len(against) + 1))]
    first = [None, *_per_hand(against_discards, len(against), "against_discards")]
    spot = _spot([hand, *against], names, first, checked_draws, dead, _policies(policy, len(against) + 1), 4)
    if spot.holdings[0].known is None:
        raise ValueError(f"best_discard needs every card of the hand known, not {spot.holdings[0].text!r}")
    return spot


#: Standing pat, as a discard: the one spelling (``stands_pat`` also reads the old ``""`` and ``"-"``).
PAT = "pat"


def run_options(
    samples: int | None, seed: int | None, threads: int | None
) -> tuple[int | None, int | None, int | None]:
    """``samples``, ``seed`` and ``threads`` checked: 1 .. MAX_SAMPLES trials, a seed in 0 .. 2**64 - 1, and
    1 .. MAX_THREADS threads (None: the defaults)."""
    for name, value, low, high in (
        ("samples", samples, 1, MAX_SAMPLES),
        ("seed", seed, 0, (1 << 64) - 1),
        ("threads", threads, 1, MAX_THREADS),
    ):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            raise ValueError(f"{name} must be an int from {low:,} to {high:,}, not {value!r}")
    return samples, seed, threads


def _spot(
    specs: Sequence[HoldingText],
    names: Sequence[str],
    discards: Sequence[Cards | None],
    draws: int,
    dead: Cards,
    policies: tuple[DrawingPolicy, ...],
    most_first: int = 0,
) -> Spot:
    """Read every holding, check the known and dead cards against each other, then resolve the ranges (their hands
    may not meet a known or dead card); the discards and the stub checked last. ``most_first`` > 0: the first
    player's first discard is open and may be that many cards."""
    parsed = [parse_holding(spec, name) for spec, name in zip(specs, names, strict=True)]
    dead_codes = _cards(dead, "dead cards")
    seen: dict[int, str] = {}
    for name, spec in zip(names, parsed, strict=True):
        for code in spec.cards or ():
            if code is None:
                continue
            if code in seen:
                raise ValueError(f"card {card_str(code)} is in {seen[code]} and {name}")
            seen[code] = name
    for code in dead_codes:
        if code in seen:
            twice = seen[code] == "the dead cards"
            where = "twice in the dead cards" if twice else f"in {seen[code]} and the dead cards"
            raise ValueError(f"card {card_str(code)} is {where}")
        seen[code] = "the dead cards"
    blocked = sum(1 << code for code in seen)
    holdings = tuple(resolve(spec, blocked, name) for spec, name in zip(parsed, names, strict=True))
    first = tuple(
        _discard(thrown, holding, name, draws) for thrown, holding, name in zip(discards, holdings, names, strict=True)
    )
    spot = Spot(holdings, first, tuple(dead_codes), draws, policies)
    _check_stub(spot, names, most_first)
    return spot


def _per_hand(discards: Sequence[Cards | None] | None, count: int, name: str) -> list[Cards | None]:
    if discards is None:
        return [None] * count
    if isinstance(discards, str) or not isinstance(discards, Sequence) or len(discards) != count:
        got = len(discards) if isinstance(discards, Sequence) and not isinstance(discards, str) else "not a list"
        raise ValueError(f"{name} needs one entry per hand (None: the policy's choice), got {got}")
    return list(discards)


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


def stands_pat(thrown: Cards) -> bool:
    """Whether a discard is standing pat: ``"pat"`` (the one spelling, in the API, on the command line and in
    every output), or the spellings of before, ``""`` and ``"-"``."""
    return isinstance(thrown, str) and thrown.strip().lower() in (PAT, "", "-")


def _discard(thrown: Cards | None, holding: Holding, name: str, draws: int) -> tuple[int, ...] | None:
    """What a player throws at the next draw: None (its policy), () (pat), or cards of its known hand."""
    if thrown is None:
        return None
    codes = [] if stands_pat(thrown) else _cards(thrown, f"discards of {name}")
    if codes and draws == 0:
        raise ValueError(f"{name} cannot discard with no draw to come (draws=0)")
    hand = holding.known
    if codes and hand is None:
        raise ValueError(
            f"{name} ({holding.text}) holds cards not known: its policy chooses what it throws (None), or it "
            f"stands pat ({PAT!r})"
        )
    for code in codes:
        if hand is None or code not in hand:
            shown = " ".join(map(card_str, hand or ()))
            raise ValueError(f"discard {card_str(code)} is not in {name} ({shown})")
        if codes.count(code) > 1:
            raise ValueError(f"{name} discards {card_str(code)} twice")
    return tuple(codes)


def _policies(policy: PolicySpec | Sequence[PolicySpec], count: int) -> tuple[DrawingPolicy, ...]:
    """One policy for everyone, or one per hand."""
    if isinstance(policy, Sequence) and not isinstance(policy, str):
        if len(policy) != count:
            raise ValueError(f"policy gives {len(policy)} policies for {count} hands")
        return tuple(resolve_policy(one) for one in policy)
    return (resolve_policy(policy),) * count


def _check_stub(spot: Spot, names: Sequence[str], most_first: int) -> None:
    """Refuse a spot whose cards do not fit the deck, or whose draws could need more cards than there are to draw
    from. The stub and the muck always hold every card not in a hand and not dead, less the drawing player's own
    discards (still in its hand), so the question is only whether a player may throw more cards at once than that."""
    room = 52 - 4 * len(spot.holdings) - len(spot.dead)
    if room < 0:
        raise ValueError(
            f"the deck is too small: {len(spot.holdings)} hands and {len(spot.dead)} dead cards need {52 - room} cards"
        )
    if spot.draws == 0:
        return
    for player, (name, holding, thrown, policy) in enumerate(
        zip(names, spot.holdings, spot.first, spot.policies, strict=True)
    ):
        hand = holding.known
        if player == 0 and most_first:
            first = min(most_first, room)  # the advice leaves out what the stub cannot serve
        elif thrown is not None:
            first = len(thrown)
        elif hand is not None:
            first = max(len(cards) for cards, _ in policy.options(hand, spot.draws, spot.opponents))
        else:
            first = policy.most_thrown(spot.draws)
        later = max((policy.most_thrown(left) for left in range(1, spot.draws)), default=0)
        most = max(first, later)
        if most > room:
            raise ValueError(
                f"the stub is too small: {len(spot.holdings)} hands and {len(spot.dead)} dead cards leave {room} cards "
                f"to draw from, and {name} may throw {most} at once"
            )
