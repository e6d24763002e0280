"""Pots from contributions, and who is paid what: the payout rules of the hand-history scorer and the engine.

Here and nowhere else: uncalled bets go back (``uncalled``, ``return_uncalled``, ``split_uncalled``); main and side pots
(``build_pots``); rake comes off the main pot first, or per pot as the site recorded it (``rake_per_pot``); each pot
goes to its best hand, tied hands split it, and the odd chips go one each to the tied players first left of the
button (``odd_chip_order``, ``award_pots``, ``award``). csrc/verdict.c mirrors these for the hands the C readers
vouch for (its ``pay``).

Amounts are integers in the smallest unit of the game (cents, or tournament chips). Players are identified by
their position in the ``contributions`` sequence (seat order, or any order the caller keeps consistently).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from badugi_fast.ranks import RANK_COUNT

__all__ = [
    "Pot",
    "award",
    "award_pots",
    "build_pots",
    "odd_chip_order",
    "rake_per_pot",
    "return_uncalled",
    "split_uncalled",
    "uncalled",
]


@dataclass(frozen=True, init=False)
class Pot:
    """One pot: its size and the players who can win it (they put in at least its level and did not fold)."""

    amount: int
    eligible: tuple[int, ...]

    def __init__(self, amount: int, eligible: tuple[int, ...]) -> None:
        # Both fields into the instance's dict at once: the frozen dataclass's own __init__ sets each through
        # object.__setattr__, which costs more than the pot (the engine makes one or two every hand).
        self.__dict__.update(amount=amount, eligible=eligible)


def uncalled(bets: Sequence[int]) -> tuple[int, int] | None:
    """Who gets back the part of the largest bet that nobody matched, and how much; None when every chip of it was
    matched. The engine asks this at the end of each betting round (its ``bets`` are the round's, checked when
    they were made), and ``return_uncalled`` of each round of a recorded hand.

    >>> uncalled([100, 40, 250]), uncalled([100, 100]), uncalled([5])
    ((2, 150), None, None)
    """
    if len(bets) < 2:
        return None
    most = max(bets)
    if bets.count(most) > 1:  # the usual end of a round: the top bet was called (or everyone checked)
        return None
    return bets.index(most), most - sorted(bets)[-2]  # the one largest bet, less the next


def split_uncalled(contributions: Sequence[int]) -> tuple[list[int], int | None, int]:
    """The contributions of a hand of one betting round without dead money (its bets are its contributions), once
    the part of the largest bet that nobody matched is taken back: ``return_uncalled`` of that one round.

    Returns ``(contributions, player, amount)``: the corrected contributions, who gets the uncalled chips back
    (None when everything was matched) and how many.

    >>> split_uncalled([100, 40, 250])
    ([100, 40, 100], 2, 150)
    >>> split_uncalled([100, 100])
    ([100, 100], None, 0)
    """
    matched, returned = return_uncalled(contributions, [contributions])
    for player, amount in returned.items():
        return matched, player, amount
    return matched, None, 0


def return_uncalled(contributions: Sequence[int], rounds: Sequence[Sequence[int]]) -> tuple[list[int], dict[int, int]]:
    """The contributions once, at the end of each betting round, the part of its largest bet that nobody matched
    has gone back to its owner (``uncalled``), and what went back to whom.

    ``contributions`` are what each player put in over the whole hand, dead money included (antes, dead blinds);
    ``rounds`` what each bet in each betting round: live chips only (a blind counts in the first round, an ante or
    the dead part of a blind in none). In a hand the rules accept only the last round with a bet can leave one
    unmatched (nobody can bet after it), so at most one player gets chips back. docs/rules.md, "Uncalled bets".

    Mirrored in csrc/verdict.c: pay(), which pays from what csrc/rules.c returned at the end of each round.

    >>> return_uncalled([35, 25], [[25, 25]])  # a dead small blind of 10 in the 35: not a bet
    ([35, 25], {})
    >>> return_uncalled([15, 65], [[0, 0], [0, 60]])  # an ante of 5 each, then a bet of 60 that nobody called
    ([15, 5], {1: 60})
    """
    _check_amounts(contributions, "contribution")
    result = list(contributions)
    returned: dict[int, int] = {}
    for bets in rounds:
        _check_amounts(bets, "bet")
        if len(bets) != len(result):
            raise ValueError(f"{len(bets)} bets for {len(result)} players")
        back = uncalled(bets)
        if back is not None:
            top, excess = back
            result[top] -= excess
            returned[top] = returned.get(top, 0) + excess
    return result, returned


def build_pots(contributions: Sequence[int], folded: Collection[int] = ()) -> list[Pot]:
    """The main pot, then each side pot, from every player's total contribution to the hand.

    Folded players' chips stay in the pots, but they are eligible for none. Levels where the same players are
    eligible are merged (a side pot exists only where an all-in player drops out).

    Mirrored in csrc/verdict.c: build_pots().

    >>> build_pots([50, 100, 100, 30], folded={3})
    [Pot(amount=180, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2))]

    Chips of a level where everyone folded join the pot next to them that someone can win; with nobody left at
    all, the pot has no eligible player and ``award`` refuses it.

    >>> build_pots([100, 100, 40], folded={0, 1}), build_pots([100, 100], folded={0, 1})
    ([Pot(amount=240, eligible=(2,))], [Pot(amount=200, eligible=())])
    """
    _check_amounts(contributions, "contribution")
    return checked_pots(contributions, folded)


def checked_pots(contributions: Sequence[int], folded: Collection[int] = ()) -> list[Pot]:
    """``build_pots`` of contributions already known to be amounts of chips: the engine's, each bet of which was
    checked when it was made (``HandState._finish`` pays every hand with this and ``checked_shares``)."""
    live = [(player, paid) for player, paid in enumerate(contributions) if paid > 0 and player not in folded]
    if not live:
        total = sum(contributions)
        return [Pot(total, ())] if total else []
    # A pot ends at each amount a player still in put in: between two such levels the same players are eligible.
    *lower, top = sorted({paid for _, paid in live})
    pots: list[Pot] = []
    below = 0  # the chips of every level under the previous pot's
    for level in lower:
        capped = sum([paid if paid < level else level for paid in contributions])
        pots.append(Pot(capped - below, tuple([player for player, paid in live if paid >= level])))
        below = capped
    pots.append(Pot(sum(contributions) - below, tuple([player for player, paid in live if paid >= top])))
    return pots


def odd_chip_order(seats: Sequence[int], button: int | None) -> list[int]:
    """The players (positions in ``seats``, which holds their seat numbers in any order) in the order they get odd
    chips: seat order, starting with the first seat left of the ``button``'s seat number (seat order from the
    lowest number when there is no button). Mirrored in csrc/verdict.c: pay().

    >>> odd_chip_order([1, 2, 4, 6], button=4), odd_chip_order([0, 1, 2], button=2), odd_chip_order([3, 1], None)
    ([3, 0, 1, 2], [0, 1, 2], [1, 0])
    """
    by_seat = sorted(range(len(seats)), key=seats.__getitem__)
    if button is None:
        return by_seat
    return [player for player in by_seat if seats[player] > button] + [p for p in by_seat if seats[p] <= button]


def award(
    pots: Sequence[Pot],
    ranks: Mapping[int, int],
    odd_chip_order: Sequence[int],
    rake: int | Sequence[int] = 0,
    *,
    chip: int = 1,
) -> dict[int, int]:
    """What each winning player collects from all the pots: ``award_pots`` added up (same arguments).

    >>> pots = build_pots([100, 100, 100])
    >>> award(pots, {0: 5, 1: 5, 2: 9}, odd_chip_order=[1, 2, 0], rake=1)
    {1: 150, 0: 149}
    >>> award(build_pots([70, 175, 175]), {0: 9, 1: 7, 2: 5}, [0, 1, 2], rake=[15, 10])
    {2: 395}
    >>> award(build_pots([2500, 2500, 2500]), {0: 1, 1: 1}, [1, 0], chip=100)  # 75 chips split: 38 + 37
    {1: 3800, 0: 3700}
    """
    collected: dict[int, int] = {}
    for shares in award_pots(pots, ranks, odd_chip_order, rake, chip=chip):
        for player, paid in shares.items():
            collected[player] = collected.get(player, 0) + paid
    return collected


def award_pots(
    pots: Sequence[Pot],
    ranks: Mapping[int, int],
    odd_chip_order: Sequence[int],
    rake: int | Sequence[int] = 0,
    *,
    chip: int = 1,
) -> list[dict[int, int]]:
    """What each winner of each pot collects from it: every pot, after its rake, to the best rank number among its
    eligible players.

    ``ranks`` maps each player still contesting the showdown to the rank number of their hand (lower is better);
    a pot with a single eligible player goes to that player whatever they hold. Tied players split a pot equally;
    the indivisible chips go one each to the tied players in ``odd_chip_order`` (``odd_chip_order()``: seat order
    starting left of the button). ``rake`` is spread by ``rake_per_pot``. ``chip`` is the smallest amount that can
    change hands: a split pot is divided into whole chips (100 when amounts are hundredths of tournament chips).
    Mirrored in csrc/verdict.c: pay() (amounts in hundredths, its chip 100 when they are whole chips).

    >>> award_pots(build_pots([50, 100, 100]), {0: 1, 1: 5, 2: 5}, [2, 0, 1], rake=10)
    [{0: 140}, {2: 50, 1: 50}]
    """
    if isinstance(chip, bool) or not isinstance(chip, int) or chip < 1:
        raise ValueError(f"chip must be a positive integer amount, not {chip!r}")
    _check_ranks(ranks)
    return checked_shares(pots, ranks, odd_chip_order, rake_per_pot(pots, rake), chip)


def checked_shares(
    pots: Sequence[Pot], ranks: Mapping[int, int], odd_chip_order: Sequence[int], rakes: Sequence[int], chip: int = 1
) -> list[dict[int, int]]:
    """``award_pots`` of arguments already known to be good, with the rake of each pot given (``rake_per_pot``, or
    ``spread_rake`` of a rake that the pots cover): the engine's showdowns, whose pots are ``checked_pots`` of its
    own contributions and whose ranks it worked out."""
    shares: list[dict[int, int]] = []
    for number, (pot, taken) in enumerate(zip(pots, rakes, strict=True)):
        amount = pot.amount - taken
        winners = _pot_winners(pot, ranks, number)
        if len(winners) == 1:  # the usual case: no split, no odd chip
            shares.append({winners[0]: amount})
        else:
            shares.append(dict(_split(amount, winners, odd_chip_order, chip)))
    return shares


def _split(amount: int, winners: list[int], odd_chip_order: Sequence[int], chip: int) -> list[tuple[int, int]]:
    """``(player, paid)`` for tied ``winners`` sharing ``amount`` in whole chips, the odd chips one each to the
    first of them in ``odd_chip_order`` (players it leaves out come after it, in seat order)."""
    order = {player: place for place, player in enumerate(odd_chip_order)}
    chips, loose = divmod(amount, chip)  # loose: a part of a chip (only from rake), to the first in order
    share, odd = divmod(chips, len(winners))
    ordered = sorted(winners, key=lambda p: order.get(p, len(order) + p))
    return [
        (player, (share + (1 if place < odd else 0)) * chip + (loose if place == 0 else 0))
        for place, player in enumerate(ordered)
    ]


def rake_per_pot(pots: Sequence[Pot], rake: int | Sequence[int]) -> list[int]:
    """The rake taken from each pot: ``rake`` as one amount is taken from the main pot first, then from the side
    pots in order; or one amount per pot, as sites that rake each pot separately record it (PokerStars' "Main pot
    $2.90. Side pot $2.55." after a $0.25 rake on $3.05 and $2.65 pots: ``[15, 10]``). Mirrored in csrc/verdict.c:
    pay().

    >>> rake_per_pot(build_pots([50, 100, 100]), 160), rake_per_pot(build_pots([50, 100, 100]), [5, 5])
    ([150, 10], [5, 5])
    """
    _check_pots(pots)
    if isinstance(rake, int):
        _check_amounts([rake], "rake")
        if rake > sum([pot.amount for pot in pots]):
            raise ValueError(f"rake {rake} is more than the pots hold")
        return spread_rake(pots, rake)
    if not isinstance(rake, Sequence):  # a float, a Decimal...: say what a rake must be
        _check_amounts([rake], "rake")
    _check_amounts(rake, "rake")
    if len(rake) != len(pots):
        raise ValueError(f"{len(rake)} rake amounts for {len(pots)} pots")
    for number, (pot, taken) in enumerate(zip(pots, rake, strict=True)):
        if taken > pot.amount:
            raise ValueError(f"rake {taken} is more than pot {number} holds ({pot.amount})")
    return list(rake)


def spread_rake(pots: Sequence[Pot], rake: int) -> list[int]:
    """``rake_per_pot`` of one amount, known to be chips that the pots cover: the main pot first, then the side
    pots in order."""
    per_pot = []
    left = rake
    for pot in pots:
        amount = pot.amount
        taken = left if left < amount else amount
        per_pot.append(taken)
        left -= taken
    return per_pot


def _pot_winners(pot: Pot, ranks: Mapping[int, int], number: int) -> list[int]:
    """The players who take pot number ``number`` (0 = main pot)."""
    if len(pot.eligible) == 1:
        return list(pot.eligible)
    winners: list[int] = []  # one plain loop: cheaper than a comprehension and a min() over a generator
    best = 0
    for player in pot.eligible:
        if player in ranks:
            rank = ranks[player]
            if not winners or rank < best:
                winners = [player]
                best = rank
            elif rank == best:
                winners.append(player)
    if not winners:
        raise ValueError(f"pot {number} ({pot.amount}) has eligible players {list(pot.eligible)} but no hand shown")
    return winners


def _check_pots(pots: Sequence[Pot]) -> None:
    """The pots of ``award_pots`` and ``rake_per_pot`` must be a sequence of ``Pot``, each of a non-negative
    integer amount, won by players numbered by non-negative ints (positions in the contributions)."""
    if type(pots) is not list and (not isinstance(pots, Sequence) or isinstance(pots, (str, bytes))):
        raise ValueError(f"pots must be a sequence of Pot, not {type(pots).__name__}")
    for number, pot in enumerate(pots):  # plain ints (the usual case) cost two cheap tests each
        if type(pot) is not Pot:
            raise ValueError(f"pot {number} must be a Pot, not {type(pot).__name__}")
        if type(pot.amount) is not int or pot.amount < 0:
            _check_amounts([pot.amount], "pot")
        for player in pot.eligible:
            if type(player) is not int or player < 0:
                raise ValueError(f"pot {number}: a player is a position (a non-negative int), not {player!r}")


def _check_ranks(ranks: Mapping[int, int]) -> None:
    """The ranks of ``award_pots`` must map players to rank numbers 1..1092 (a float, a bool or a 0 would be
    compared as a rank and could win a pot)."""
    if type(ranks) is not dict and not isinstance(ranks, Mapping):
        raise ValueError(f"ranks must map each player to a rank number, not {type(ranks).__name__}")
    for player, rank in ranks.items():
        if type(rank) is not int or not 0 < rank <= RANK_COUNT:
            raise ValueError(f"player {player!r} has rank {rank!r}: a rank number is an int 1..{RANK_COUNT}")


def _check_amounts(amounts: Sequence[int], what: str) -> None:
    """Amounts must be non-negative integers: money is never a float here."""
    for amount in amounts:  # a plain int (the usual case) costs two cheap tests; bools are not amounts
        if (type(amount) is not int and (isinstance(amount, bool) or not isinstance(amount, int))) or amount < 0:
            raise ValueError(f"a {what} must be a non-negative integer number of chips, not {amount!r}")
