"""A hand of the model (``history.model.Hand``) as PHH, the Poker Hand History format of pokerkit's authors.

A hand becomes one TOML table of a ``.phhs`` file (``[1]``, ``[2]``, ...): its fields, required ones first.

- ``variant``: ``FB`` (fixed-limit Badugi) is the only Badugi code of the PHH standard. Pot limit, half-pot limit
  and no limit have none: they are written ``_PB``, ``_HPB`` and ``_NB``, codes of ours that start with an underscore
  as the PHH style guide asks of anything user-defined. Strict PHH readers (pokerkit among them) refuse them.
- ``antes``, ``blinds_or_straddles``, ``starting_stacks``, ``players``, ``seats``: one entry per player dealt in,
  in PHH's order: from the left of the button round to the button (heads-up: the big blind, then the button).
  Antes are all dead money: antes, dead blinds, the small-blind part of "small & big blinds". A blind posted out
  of position (a new player's post) is a negative blind, pokerkit's "post bet". Heads-up, PHH assigns the two
  blinds and antes in reverse, and so they are written.
- ``small_bet``/``big_bet`` (fixed limit) or ``min_bet``: the site's stakes when the history gives them, else the
  big blind (and twice it).
- ``actions``: the hole cards as far as the history knows them (``????????`` otherwise), the betting (``cc``,
  ``cbr`` to the round's total, ``f``), each draw's discards (``sd`` with the cards when known, ``??`` for each
  unknown one) before its replacement cards (``d dh``), and the showdown (``sm`` with the cards shown; ``sm`` alone
  for a muck, with the cards the site revealed as a comment). A player's cards are written as known only when the
  history shows every card they held; else they are all unknown, so a PHH reader never meets a draw from cards it
  cannot see.
- ``hand``, ``table``, ``venue`` (the site), ``currency``/``currency_symbol``, ``year``/``month``/``day``/``time``/
  ``time_zone`` when the history has them, and the outcome: ``winnings`` (what the site paid from the pots, after
  rake, not counting a player's own uncalled bet), ``finishing_stacks``, and ``_rake`` (what the site took: its
  recorded rake, or what it kept when it records none).

A hand that PHH cannot hold as it happened (not Badugi, unreadable, a player acting without a seat, amounts that do
not add up, ...) raises ``NotConvertible`` saying why: it is never written half-converted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import filterfalse
from operator import add, attrgetter, sub

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.formats.kept import Kept
from badugi_fast.formats.model import Draw, Hand, Seat
from badugi_fast.formats.phh.toml import array, string
from badugi_fast.money import amount_text
from badugi_fast.pots import split_uncalled, uncalled
from badugi_fast.rules.limits import FIXED, HALF_POT, NO_LIMIT, POT

__all__ = ["NON_STANDARD", "VARIANTS", "NotConvertible", "changes", "hand_lines", "table_text"]

#: The PHH variant code of each betting structure (``Hand.limit``).
VARIANTS = {FIXED: "FB", POT: "_PB", HALF_POT: "_HPB", NO_LIMIT: "_NB"}
#: The codes that are ours, not the PHH standard's.
NON_STANDARD = frozenset(code for code in VARIANTS.values() if code.startswith("_"))
#: Abbreviations of time zones that sites write, and their IANA names (PHH's ``time_zone``).
_TIME_ZONES = {"ET": "America/New_York", "UTC": "UTC", "GMT": "UTC", "CET": "CET", "WET": "WET", "EET": "EET"}
_FORCED = frozenset({"post", "ante"})


class NotConvertible(ValueError):
    """A hand that cannot be written as PHH; the message says why."""


def changes(hand: Hand) -> list[str]:
    """What the PHH of ``hand`` says that its history does not: the bet sizes, when the history names no stakes.

    >>> changes(Hand("X", is_badugi=True, limit="fixed", stakes=(25, 50)))
    []
    """
    if hand.stakes is None:
        named = "small_bet and big_bet" if hand.limit == FIXED else "min_bet"
        return [f"the history names no stakes: {named} taken from the big blind"]
    return []


def table_text(name: str, hand: Hand) -> str:
    """The hand as a TOML table named ``name`` (a ``.phhs`` entry), ending in a newline. Mirrored in
    csrc/phh_write.c, which writes the same table for the PokerStars hands csrc/stars.c answered (``convert``)."""
    pieces = _pieces(hand)
    return "\n".join([f"[{name}]", *pieces, ""])  # one join: the table is about a kilobyte


def hand_lines(hand: Hand) -> list[str]:
    """The PHH fields of ``hand``, one ``key = value`` per line (``actions`` over several lines)."""
    return "\n".join(_pieces(hand)).split("\n")  # no value holds a newline: TOML strings escape theirs


def _pieces(hand: Hand) -> list[str]:
    """The PHH fields of ``hand`` as pieces of one or more whole lines, to be joined by newlines."""
    if hand.error is not None:
        raise NotConvertible(f"unreadable: line {hand.error_line}: {hand.error}")
    if not hand.is_badugi:
        raise NotConvertible(f"not Badugi: {hand.game or 'unknown game'}")
    variant = VARIANTS.get(hand.limit or "")
    if variant is None:
        raise NotConvertible("the history does not say the betting structure (fixed, pot, half-pot or no limit)")
    if hand.broken is not None:
        raise NotConvertible(f"the hand breaks the rules: line {hand.broken_line}: {hand.broken}")
    if len(hand.positions) < 2:
        raise NotConvertible(f"{len(hand.positions)} player(s) in the hand: PHH needs two or more")
    try:
        return _Writer(hand, variant).pieces()
    except NotConvertible:
        raise
    except ValueError as error:  # bad cards, a name TOML cannot hold...
        raise NotConvertible(str(error)) from None


class _CardTexts(dict[str, str]):
    """``texts[card]``: a card as PHH writes it (``Ts``, never ``10s`` or ``T♠``), remembered (a dict lookup is the
    cheapest call per card). Only the spellings of the 52 cards are kept: the rest raise ValueError."""

    def __missing__(self, text: str) -> str:
        codes = parse_cards(text)
        if len(codes) != 1:
            raise ValueError(f"not one card: {text!r}")
        written = self[text] = card_str(codes[0])
        return written


_card = _CardTexts().__getitem__


_MONEY: dict[int, Kept[int, str]] = {}  # by places


def _money(places: int) -> Kept[int, str]:
    """``amount_text`` at ``places`` decimals, remembered."""
    money = _MONEY.get(places)
    if money is None:
        money = _MONEY[places] = Kept[int, str](partial(amount_text, places=places))
    return money


def _head(key: tuple[str, int, tuple[int, ...], tuple[int, ...], int, int]) -> str:
    """The lines from ``variant`` to the bet sizes, of ``(variant, places, antes, blinds, small, big)``."""
    variant, places, antes, blinds, small, big = key
    money = _money(places).__getitem__
    lines = [
        f"variant = {string(variant)}",
        f"antes = {array(map(money, antes))}",
        f"blinds_or_straddles = {array(map(money, blinds))}",
    ]
    if variant == "FB":
        lines += [f"small_bet = {money(small)}", f"big_bet = {money(big)}"]
    else:
        lines.append(f"min_bet = {money(big)}")
    return "\n".join(lines)


def _players(names: Sequence[str], seats: Iterable[int]) -> str:
    """The ``players`` and ``seats`` lines."""
    return f"players = {array(map(string, names))}\nseats = {array(map(str, seats))}"


def _place(key: tuple[str, str]) -> str:
    """The ``table`` (when named) and ``venue`` lines of ``(table, site)``."""
    table, site = key
    return f"table = {string(table)}\nvenue = {string(site)}" if table else f"venue = {string(site)}"


_HEADS = Kept[tuple[str, int, tuple[int, ...], tuple[int, ...], int, int], str](_head)
_PLACES = Kept[tuple[str, str], str](_place)


#: The 52 cards as PHH writes them: cards already so spelled (every card of a simulated hand) are joined as they are.
_WRITTEN = frozenset(map(card_str, range(52)))


def _cards(cards: Sequence[str]) -> str:
    """Cards as PHH writes them, side by side (``AsKd``)."""
    return "".join(cards) if _WRITTEN.issuperset(cards) else "".join(map(_card, cards))


class _Tag:
    """What names player ``number`` in PHH's actions (``p3``): the starts of the lines of their deal, bets and draws
    and of their showdown, written once (``_TAGS``) instead of for every line of every hand; and ``index``, their
    place in PHH's lists (``number - 1``)."""

    __slots__ = ("bet", "call", "deal", "discard", "discard_", "fold", "hidden", "index", "show")

    def __init__(self, number: int) -> None:
        tag = f"p{number}"
        self.index = number - 1
        self.deal = f"d dh {tag} "  # + cards
        self.hidden = self.deal + "?" * 8
        self.fold = tag + " f"
        self.call = tag + " cc"
        self.bet = tag + " cbr "  # + the round's total
        self.discard = tag + " sd"  # standing pat
        self.discard_ = self.discard + " "  # + the cards thrown
        self.show = tag + " sm"


class _Seating:
    """A hand's players in PHH's order and what follows from it alone, made once for each seating and remembered
    (``_SEATINGS``, by the players in PHH's order and the seats' names and numbers), as the same players sit down
    hand after hand: each player's ``_Tag`` (``p1``, ``p2`` ...), where in ``Hand.seats`` each one sits (``places``:
    a name seated twice, their first seat), and the ``players`` and ``seats`` lines."""

    __slots__ = ("lines", "order", "places", "tags")

    def __init__(self, key: tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]) -> None:
        order, names, numbers = key
        self.order = order
        self.tags = {name: _TAGS[number] for number, name in enumerate(order, 1)}  # a name twice: its last place
        first = {name: place for place, name in reversed(list(enumerate(names)))}
        self.places = tuple(map(first.__getitem__, order))  # KeyError: a player dealt in without a seat
        self.lines = _players(order, map(numbers.__getitem__, self.places))


_TAGS = Kept[int, _Tag](_Tag)
_SEATINGS = Kept[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]], _Seating](_Seating)


class _Writer:
    """The PHH of one Badugi hand that the rules accepted (``formats.replay``): its players in PHH's order (the
    rules' seating from the left of the button), its forced bets, and its actions and draws in the order PHH
    plays them. Nothing about the betting is worked out here: the replay said what each action put in and to what
    total it brought the round (``Action.to``).

    Every hand written passes here, so the work is done in few passes and mostly by builtins: ``_actions`` goes
    once over the hand's actions and draws and notes on the way what the showdown and the outcome need (who
    folded, what each player put in); what recurs from hand to hand is remembered (``formats.kept.Kept``)."""

    def __init__(self, hand: Hand, variant: str) -> None:
        self.hand = hand
        self.variant = variant
        self.places = hand.places
        seats = hand.seats
        seating = self.seating = _SEATINGS[tuple(hand.positions), tuple(map(_NAME, seats)), tuple(map(_NUMBER, seats))]
        self.order = seating.order  # PHH's order of the players
        self.tags = seating.tags  # how PHH's actions name them
        self.seats = list(map(seats.__getitem__, seating.places))  # each one's seat, in PHH's order
        self.known = self._known_draws()
        self.put_in = [0] * len(self.order)  # what each player put in, by ``_actions``
        self.folded: set[str] = set()  # ... who folded

    def pieces(self) -> list[str]:
        """The fields, in pieces of whole lines; those that recur from hand to hand (the forced bets and bet
        sizes, the players and their seats, the table) written once and remembered (``formats.kept.Kept``)."""
        hand = self.hand
        money = _money(self.places).__getitem__
        antes, blinds = self._forced_bets()
        actions = self._actions()
        heads_up = len(self.order) == 2
        if heads_up:  # PHH reverses both heads-up: the first player posts the second entry
            antes, blinds = antes[::-1], blinds[::-1]
        small, big = self._stakes(blinds)
        seats = self.seats
        pieces = [
            _HEADS[self.variant, self.places, tuple(antes), tuple(blinds), small, big],
            "starting_stacks = [" + ", ".join(map(money, map(_STACK, seats))) + "]",  # toml.array, inlined
            # made of cards, amounts and p1...: nothing to escape
            'actions = [\n  "' + '",\n  "'.join(actions) + '",\n]',
        ]
        if hand.hand_id:
            number = hand.hand_id
            pieces.append(f"hand = {number if number.isdigit() and number[0] != '0' else string(number)}")
        pieces.append(self.seating.lines)
        pieces.append(_PLACES[hand.table, hand.site])
        if hand.currency or hand.currency_symbol or hand.started is not None:
            pieces += self._money_and_time()
        if hand.paid_recorded:
            pieces += self._outcome(money, seats)
        return pieces

    def _known_draws(self) -> set[str]:
        """The players whose every card the history shows: dealt, and each draw's cards thrown and new (then
        ``_actions`` writes them from the draws). (One pass over the draws for all players: it is asked of every
        hand written; a player who never throws a card ends as dealt, which needs no set.) A player's cards are a
        set: the rules accepted the hand (``formats.replay``), so no card is held twice."""
        hand = self.hand
        dealt = hand.dealt
        known = {name for name in self.order if len(dealt.get(name) or ()) == 4}
        held: dict[str, set[str]] = {}  # the cards of each player who threw some, draw after draw
        for draw in hand.draws:
            name = draw.player
            if not draw.discarded or name not in known:  # stood pat; or not dealt in, or some of their cards unknown
                continue
            cards = held.get(name)
            if cards is None:
                cards = held[name] = set(dealt[name])
            thrown, new = draw.thrown, draw.new_cards
            if thrown is None or new is None or not len(thrown) == len(new) == draw.discarded:
                known.discard(name)  # the history does not show this draw's cards
            elif not cards.issuperset(thrown):
                known.discard(name)  # it throws a card the player did not hold
            else:
                cards.difference_update(thrown)
                cards.update(new)
        final = hand.cards
        for name in list(known):
            ends = final.get(name)
            if ends is None:
                continue
            cards = held.get(name)
            if cards is None:
                first = dealt[name]
                if ends == first:
                    continue
                cards = set(first)
            if cards != set(ends) and sorted(map(_card, ends)) != sorted(map(_card, cards)):
                known.discard(name)  # they end with other cards than their draws give them
        return known

    def _forced_bets(self) -> tuple[list[int], list[int]]:
        """Each player's dead money (antes) and live blind, in PHH's order; a blind out of position is negative."""
        antes = [0] * len(self.order)
        blinds = [0] * len(self.order)
        tags = self.tags
        for action in self.hand.actions:
            if action.kind not in _FORCED:
                break
            index = tags[action.player].index
            if action.kind == "ante":
                antes[index] += action.amount
            elif blinds[index]:
                raise NotConvertible(f"{action.player} posts two blinds")
            else:
                blinds[index] = action.amount if index < 2 or len(self.order) == 2 else -action.amount
        if not any(antes) and not any(blinds):
            raise NotConvertible("no blinds and no antes")
        return antes, blinds

    def _stakes(self, blinds: list[int]) -> tuple[int, int]:
        """The small and big bet (fixed limit) or the blinds: the history's stakes, as the rules held the hand to
        them; without them, the big blind (and twice it, in fixed limit: ``notes`` says so)."""
        if self.hand.stakes is not None:
            return self.hand.stakes
        big = max(abs(blind) for blind in blinds)
        if big <= 0:
            raise NotConvertible("no blinds and no stakes in the history: the bet sizes are unknown")
        return (big, 2 * big) if self.variant == "FB" else (big, big)

    def _actions(self) -> list[str]:
        """PHH's actions: the deal, then the betting and the draws as they came, each draw's discards before its
        replacement cards (PHH's order, whatever the site's), and the showdown. Notes what each player put in
        (``put_in``) and who folded (``folded``) on the way."""
        hand = self.hand
        tags = self.tags
        actions = []
        known = self.known  # who the history shows every card of: dealt, thrown and drawn
        dealt = hand.dealt
        spelled, join = _WRITTEN.issuperset, "".join  # ``_cards`` inlined: cards already spelled as PHH spells them
        for name in self.order:
            tag = tags[name]
            if name in known:
                cards = dealt[name]
                actions.append(tag.deal + (join(cards) if spelled(cards) else _cards(cards)))
            else:
                actions.append(tag.hidden)
        deals: list[str] = []  # the replacement cards of the draw under way
        street = 0  # of the draw under way (the actions between two draws leave no replacement cards unwritten)
        money = _money(self.places)
        put_in, folded = self.put_in, self.folded
        for event in hand.played():
            if isinstance(event, Draw):
                if event.street != street:  # after all of a draw's discards, its cards
                    actions += deals
                    deals, street = [], event.street
                tag = tags[event.player]
                discarded = event.discarded
                if not discarded:
                    actions.append(tag.discard)
                elif event.player in known:
                    thrown, new = event.thrown, event.new_cards
                    actions.append(tag.discard_ + (join(thrown) if spelled(thrown) else _cards(thrown)))  # type: ignore[arg-type]
                    deals.append(tag.deal + (join(new) if spelled(new) else _cards(new)))  # type: ignore[arg-type]
                else:
                    unknown = "??" * discarded
                    actions.append(tag.discard_ + unknown)
                    deals.append(tag.deal + unknown)
                continue
            if deals:
                actions += deals
                deals = []
            kind = event.kind
            if kind == "call" or kind == "check":
                tag = tags[event.player]
                actions.append(tag.call)
            elif kind == "fold":
                if event.all_in:
                    raise NotConvertible(f"{event.player} folds with nothing behind (all in): PHH's players cannot")
                tag = tags[event.player]
                actions.append(tag.fold)
                folded.add(event.player)
            elif kind in _FORCED:  # the forced bets are their own fields; one of a player not dealt in is left out
                forced = tags.get(event.player)
                if forced is not None:
                    put_in[forced.index] += event.amount
                continue
            else:
                tag = tags[event.player]
                actions.append(tag.bet + money[event.to or 0])
            put_in[tag.index] += event.amount
        return actions + deals + self._showdown()

    def _showdown(self) -> list[str]:
        """``sm`` for every player left at the end, when two or more are: the players who showed first."""
        hand = self.hand
        left = list(filterfalse(self.folded.__contains__, self.order))
        if len(left) < 2:
            return []
        shown = list(filter(left.__contains__, hand.shown))
        if len(shown) < len(left):
            shown += [name for name in left if name not in shown]
        actions = []
        tags, known, mucked = self.tags, hand.cards, hand.mucked
        for name in shown:
            show = tags[name].show
            cards = known.get(name)
            if mucked and name in mucked:
                revealed = f" # mucked {_cards(cards)}" if cards and len(cards) == 4 else ""
                actions.append(show + revealed)
            elif cards and len(cards) == 4:
                actions.append(f"{show} {_cards(cards)}")
            elif hand.collected.get(name):
                raise NotConvertible(f"{name} is paid at the showdown, but their cards are not known")
            else:
                actions.append(show)
        return actions

    def _money_and_time(self) -> list[str]:
        hand = self.hand
        lines = []
        if hand.currency:
            lines.append(f"currency = {string(hand.currency)}")
        if hand.currency_symbol:
            lines.append(f"currency_symbol = {string(hand.currency_symbol)}")
        started = hand.started
        if started is not None:
            lines += [f"year = {started.year}", f"month = {started.month}", f"day = {started.day}"]
            lines.append(f"time = {started.time().isoformat()}")
            zone = _TIME_ZONES.get(hand.time_zone or "")
            if zone is not None:
                lines.append(f"time_zone = {string(zone)}")
        return lines

    def _outcome(self, money: Callable[[int], str], seats: list[Seat]) -> list[str]:
        """``winnings``, ``finishing_stacks`` and ``_rake``: what the site paid, from the history (and what each
        player put in: ``_actions``)."""
        hand = self.hand
        tags = self.tags
        matched = self.put_in  # made for this hand by ``_actions``: changed in place
        if min(matched) < 0:
            split_uncalled(matched)  # says which amount is wrong (a ValueError)
        returned_to, returned = uncalled(matched) or (None, 0)  # pots.split_uncalled, without its checks
        if returned_to is not None:
            matched[returned_to] -= returned
        paid = [0] * len(self.order)
        for name, chips in hand.collected.items():
            tag = tags.get(name)
            if tag is None:
                raise NotConvertible(f"{name} is paid but not in the hand")
            paid[tag.index] += chips
        if hand.collected_includes_uncalled and returned_to is not None:
            paid[returned_to] -= returned
        if min(paid) < 0:
            raise NotConvertible("the site pays a player less than their own uncalled bet")
        pot, given = sum(matched), sum(paid)
        rake = hand.rake if hand.rake is not None else pot - given
        if rake < 0 or given + rake != pot:
            total, given_text = amount_text(pot, self.places), amount_text(given, self.places)
            raise NotConvertible(
                f"the site pays {given_text} and rakes {amount_text(rake, self.places)} of a {total} pot"
            )
        return [  # toml.array, inlined
            # each player's stack, less what they put in, plus what they won (one entry per player: ``order``'s)
            "finishing_stacks = [" + ", ".join(map(money, map(add, map(sub, map(_STACK, seats), matched), paid))) + "]",
            "winnings = [" + ", ".join(map(money, paid)) + "]",
            "_rake = " + money(rake),
        ]


_NAME = attrgetter("name")
_NUMBER = attrgetter("number")
_STACK = attrgetter("stack")
