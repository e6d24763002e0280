"""A parsed hand -> its verdict: evaluate the hands shown, rebuild the pots, pay them, compare with the site.

The pots come from each player's contributions (``badugi_fast.pots``: uncalled bets returned, main and side pots,
ties split with the odd chip to the first tied player left of the button). Rake is taken as the site recorded
it: per pot when the site lists its pots after rake (PokerStars), else from the main pot first; when the site
records no rake (Merge) it is whatever the site kept, and the reason says so. A hand is ``verified`` when every
player was paid what we would pay and every site description of a hand equals ours, ``mismatch`` otherwise, with
each difference in ``reason``.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from badugi_fast.cards import rank_value
from badugi_fast.evaluator import describe, evaluate, rank_values
from badugi_fast.formats.model import Facts, Hand, Seat
from badugi_fast.money import amount_text
from badugi_fast.patterns import pattern
from badugi_fast.rules.limits import FIXED

if TYPE_CHECKING:  # imported by the first hand scored here: the hands C renders need neither
    from badugi_fast.history.record import PlayerResult, Result
    from badugi_fast.pots import Pot

__all__ = ["agrees", "hand_table", "player_entry", "score", "site_values", "table_of"]


def score(hand: Hand) -> Result:
    """The verdict on one hand (never raises: a hand that cannot be scored is an ``error`` result)."""
    from badugi_fast.history.record import Result

    result = Result(hand.source, hand.index, hand.hand_id, hand.site, hand.game, hand.limit, "error")
    if hand.is_badugi:
        result.started, result.time_zone, result.currency, result.stakes, result.big_blind = hand_table(hand)
    if hand.error is not None:
        result.reason = f"line {hand.error_line}: {hand.error}"
    elif not hand.is_badugi:
        result.status, result.reason = "skipped", f"not Badugi: {hand.game or 'unknown game'}"
    else:
        try:
            _score_badugi(hand, result)
        except ValueError as error:
            result.status, result.players = "error", []
            result.reason = f"line {hand.line}: {error}"
    return result


def _score_badugi(hand: Hand, result: Result) -> None:
    """Fill ``result`` for a Badugi hand that parsed: what went in, what we would pay, what the site paid.
    Mirrored in csrc/verdict.c: pay()."""
    from badugi_fast.pots import award, build_pots, odd_chip_order, return_uncalled

    problems: list[str] = [] if hand.broken is None else [f"line {hand.broken_line}: {hand.broken}"]
    seats = sorted(hand.seats, key=_seat_number)
    names = _players(hand, seats)
    place = {name: number for number, name in enumerate(names)}
    contributions, rounds, folded = _contributions(hand, place, len(names))
    matched, returned = return_uncalled(contributions, rounds)
    _check_uncalled(hand, names, returned, problems)
    total = sum(matched)
    if hand.total_pot is not None and hand.total_pot != total:
        problems.append(
            f"total pot: site {amount_text(hand.total_pot, hand.places)}, ours {amount_text(total, hand.places)}"
        )
    collected = {place[name]: chips for name, chips in hand.collected.items()}
    if hand.collected_includes_uncalled:
        for number, chips in returned.items():
            if number in collected:
                collected[number] -= chips
    player_ranks = _hand_ranks(hand)
    result.showdown = hand.showdown
    pots = build_pots(matched, folded)
    rake, rake_note = _rake(hand, pots, total - sum(collected.values()), problems)
    order = odd_chip_order([seat.number for seat in seats], hand.button if hand.button is not None else 0)
    expected: dict[int, int] = {}
    try:
        chip = 10 ** (2 - hand.places)  # amounts are hundredths: a cent, or a whole tournament chip
        expected = award(pots, _contesting(hand, place, player_ranks, folded), order, rake, chip=chip)
    except ValueError as error:
        problems.append(f"cannot pay the pots: {error}")
    if not hand.paid_recorded:  # nothing to compare with: what the rules pay is all there is to say
        collected = dict(expected)
    _check_payouts(hand, names, collected, expected, problems)
    result.players = _player_results(hand, names, matched, collected, expected, player_ranks, problems)
    if problems:
        result.status, result.reason = "mismatch", "; ".join(problems)
    elif not hand.paid_recorded:
        result.status, result.reason = "unverified", "; ".join(filter(None, (_NOT_RECORDED, rake_note)))
        for player in result.players:
            player.collected = None
    else:
        result.status, result.reason = ("verified" if hand.showdown else "no_showdown"), rake_note


def hand_table(hand: Hand) -> tuple[str | None, str | None, str | None, str | None, str | None]:
    """``table_of`` a hand as read: its date, currency and stakes (the largest live blind when it names none)."""
    live = (action.amount for action in hand.actions if action.kind == "post")
    return table_of(
        hand.started.isoformat(" ") if hand.started is not None else None,
        hand.time_zone,
        hand.currency,
        hand.tournament,
        hand.places,
        hand.limit,
        hand.stakes,
        max(live, default=0),
    )


def table_of(
    started: str | None,
    zone: str | None,
    currency: str | None,
    tournament: bool,
    places: int,
    limit: str | None,
    stakes: tuple[int, int] | None,
    largest_blind: int,
) -> tuple[str | None, str | None, str | None, str | None, str | None]:
    """The record's ``started`` (given as the record writes it, ``isoformat(" ")``), ``time_zone``, ``currency``,
    ``stakes`` and ``big_blind`` of a hand (see ``record.Result``)."""
    money = "chips" if tournament and not places else currency
    if stakes is None:
        return started, zone, money, None, _money(largest_blind, places) if largest_blind else None
    big = stakes[0] if limit == FIXED else stakes[1]
    return started, zone, money, f"{_money(stakes[0], places)}/{_money(stakes[1], places)}", _money(big, places)


#: The reason of a hand whose history does not record what each player was paid: legal, but nothing to verify.
_NOT_RECORDED = "nothing to verify: the history does not record what each player won (expected: as the rules pay)"


def _contributions(hand: Hand, place: dict[str, int], players: int) -> tuple[list[int], list[list[int]], set[int]]:
    """What each of the ``players`` put in, what each bet in each betting round (live chips: antes and dead blinds
    are not bets; the round is the rules' while the hand follows them, ``formats.replay``), and who folded."""
    contributions = [0] * players
    rounds = [[0] * players for _ in range(4)]
    folded: set[int] = set()
    for action in hand.actions:
        number = place[action.player]
        contributions[number] += action.amount
        if action.kind != "ante":
            rounds[action.street if 0 <= action.street <= 3 else 0][number] += action.amount
        if action.kind == "fold":
            folded.add(number)
    return contributions, rounds, folded


def _check_uncalled(hand: Hand, names: list[str], returned: dict[int, int], problems: list[str]) -> None:
    """The uncalled bets the site returned must be the ones we return (when the site writes them)."""
    if hand.uncalled is None:
        return
    ours = {names[player]: chips for player, chips in returned.items()}
    if {n: c for n, c in hand.uncalled.items() if c} != ours:
        problems.append(f"uncalled bets: site returned {_amounts(hand.uncalled, hand)}, ours {_amounts(ours, hand)}")


def _hand_ranks(hand: Hand) -> dict[str, int]:
    """The rank number of every player's last known four cards."""
    ranks: dict[str, int] = {}
    for name, cards in hand.cards.items():
        if len(cards) == 4:
            try:
                ranks[name] = _rank(cards)
            except ValueError as error:
                raise ValueError(f"cards of {name}: {error}") from None
    return ranks


def _contesting(hand: Hand, place: dict[str, int], ranks: dict[str, int], folded: set[int]) -> dict[int, int]:
    """The rank of each player who contests the showdown: not folded, not mucked (a player who mucks at the
    showdown gives up every pot); nobody without a showdown."""
    if not hand.showdown:
        return {}
    gave_up = folded | {place[name] for name in hand.mucked}
    return {place[name]: rank for name, rank in ranks.items() if place[name] not in gave_up}


def _rake(hand: Hand, pots: list[Pot], kept: int, problems: list[str]) -> tuple[int | list[int], str | None]:
    """The rake to take, spread as the site spread it (per pot when it lists its pots after rake), and a note when
    the site did not record it (then it is ``kept``, what the site did not pay out)."""
    rake, note = hand.rake, None
    if rake is None:
        rake, note = kept, f"rake not recorded: the site kept {amount_text(kept, hand.places)}"
    spread: int | list[int] = rake
    if hand.pots is not None and len(hand.pots) == len(pots) and len(pots) > 1:
        spread = [pot.amount - after_rake for pot, after_rake in zip(pots, hand.pots, strict=True)]
        if sum(spread) != rake:
            problems.append(
                f"the site's pots {_list(hand.pots, hand)} do not add up with rake {amount_text(rake, hand.places)}"
            )
    return (spread if rake >= 0 else 0), note  # paid out more than the pots hold: the payouts say so


def _check_payouts(
    hand: Hand, names: list[str], collected: dict[int, int], expected: dict[int, int], problems: list[str]
) -> None:
    """Every player must have collected what we would pay them."""
    if collected == expected:
        return
    for number in sorted(set(collected) | set(expected)):
        paid, ours = collected.get(number, 0), expected.get(number, 0)
        if paid != ours:
            problems.append(
                f"{names[number]} collected {amount_text(paid, hand.places)}, expected {amount_text(ours, hand.places)}"
            )


def _seat_number(seat: Seat) -> int:
    return seat.number


def _players(hand: Hand, seats: list[Seat]) -> list[str]:
    """Everyone in the hand: seated players in seat order (``seats``), then anyone else the site names."""
    names = [seat.name for seat in seats]
    known = set(names)
    named = {action.player: None for action in hand.actions}  # in order of first mention
    named.update(dict.fromkeys(hand.collected))
    named.update(dict.fromkeys(hand.cards))
    if not named.keys() <= known:
        names += [name for name in named if name not in known]
    return names


def _player_results(
    hand: Hand,
    names: list[str],
    put_in: list[int],
    collected: dict[int, int],
    expected: dict[int, int],
    ranks: dict[str, int],
    problems: list[str],
) -> list[PlayerResult]:
    """One entry per player dealt in, who put money in (``put_in``: less the uncalled bets), has known cards or
    was paid, with their facts; checks the site's descriptions."""
    players = []
    places = hand.places
    cards_of = hand.cards
    descriptions = hand.descriptions
    facts = hand.facts
    hero = _hero(hand)
    for number, name in enumerate(names):
        cards = cards_of.get(name)
        known = facts.get(name)
        if (
            known is None
            and not put_in[number]
            and cards is None
            and number not in collected
            and number not in expected
        ):
            continue
        rank = ranks.get(name)
        site_words = descriptions.get(name)
        if rank is not None and site_words:
            for words in dict.fromkeys(site_words):  # the same words twice (shown, then in the summary): said once
                if not agrees(words, rank):
                    shown = " ".join(cards or ())
                    problems.append(f"{name}'s hand {shown}: site says {words!r}, ours {_describe(rank)}")
        cards_text = " ".join(cards) if cards else None
        site_first_words = site_words[0] if site_words else None
        paid, ours = collected.get(number, 0), expected.get(number, 0)
        players.append(
            player_entry(
                name,
                cards_text,
                rank,
                site_first_words,
                paid,
                ours,
                places,
                known or _NO_FACTS,
                name == hero,
                put_in[number],
                hand.showdown,
            )
        )
    return players


#: The facts of a player who was not dealt in (named only for their cards or a payment).
_NO_FACTS = Facts()


def _hero(hand: Hand) -> str | None:
    """The hero: the one player whose cards the history deals face up before the first draw (PokerStars' ``Dealt
    to``); None when it shows nobody's, or several (a PHH file that knows every hand). Mirrored in csrc/verdict.c:
    write_players()."""
    return next(iter(hand.dealt)) if len(hand.dealt) == 1 else None


def player_entry(
    name: str,
    cards: str | None,
    rank: int | None,
    site_description: str | None,
    collected: int,
    expected: int,
    places: int,
    facts: Facts,
    hero: bool,
    put_in: int,
    showdown: bool,
) -> PlayerResult:
    """A player's entry in a result: their cards and our value of them, what the site paid (``collected``, from the
    pots after rake) and what the rules pay (``expected``), amounts in hundredths written as the site writes them
    (``places``); their ``facts`` (``formats.facts``), what they put in and won net, and whether they were in at the
    hand's ``showdown``."""
    from badugi_fast.history.record import PlayerResult

    in_at_showdown = showdown and facts.position is not None and not facts.folded
    drew_1, drew_2, drew_3 = facts.drew
    return PlayerResult(
        name,
        cards,
        rank,
        _describe(rank) if rank is not None else None,
        site_description,
        _money(collected, places),
        _money(expected, places),
        facts.position,
        hero,
        _money(put_in, places),
        _money(collected - put_in, places),
        facts.vpip,
        facts.pfr,
        facts.three_bet,
        facts.three_bet_chance,
        facts.bets,
        facts.raises,
        facts.calls,
        drew_1,
        drew_2,
        drew_3,
        in_at_showdown,
        in_at_showdown and collected > 0,
    )


_SIZES = {"badugi": 4, "four": 4, "three": 3, "two": 2, "one": 1}
_HEAD = pattern(r"(?:a |an )?(badugi|four|three|two|one|[1-4]-card)s?\b", re.IGNORECASE)


def site_values(words: str) -> tuple[int, ...] | None:
    """The usable ranks (ace = 1, highest first) a site's hand description names; None if it names none.

    >>> site_values("Badugi: 8,4,3,A"), site_values("a 3-Card: 5, 4, 2"), site_values("Two Cards, 3-2")
    ((8, 4, 3, 1), (5, 4, 2), (3, 2))
    >>> site_values("a flush")
    """
    head = _HEAD.match(words.strip())
    if head is None:
        return None
    kind = head.group(1).lower()
    size = int(kind[0]) if kind[0].isdigit() else _SIZES[kind]
    tokens = [t for t in re.split(r"[\s,:;\-]+", words[head.end() :].lower()) if t and t not in ("card", "cards")]
    if len(tokens) != size:
        return None
    try:
        return tuple(sorted(map(rank_value, tokens), reverse=True))
    except ValueError:
        return None


#: The same hands, descriptions and amounts come back in every file: these look-ups are cached (a speed-up).
_describe = functools.lru_cache(maxsize=None)(describe)
_money = functools.lru_cache(maxsize=65536)(amount_text)


@functools.lru_cache(maxsize=65536)
def agrees(words: str, rank: int) -> bool:
    """Whether the site's description ``words`` names the ranks of hand rank ``rank``. Mirrored in csrc/verdict.c:
    agrees(), which leaves a hand whose words do not agree (or that it does not read) to Python."""
    return site_values(words) == rank_values(rank)


@functools.lru_cache(maxsize=65536)
def _rank(cards: tuple[str, ...]) -> int:
    """The rank number of four cards (bad cards raise ``ValueError``, which is not cached)."""
    return evaluate(" ".join(cards))


def _amounts(amounts: dict[str, int], hand: Hand) -> str:
    return ", ".join(f"{name} {amount_text(chips, hand.places)}" for name, chips in amounts.items()) or "nothing"


def _list(amounts: list[int], hand: Hand) -> str:
    return "/".join(amount_text(chips, hand.places) for chips in amounts)
