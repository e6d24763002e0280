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

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.formats.model import Action, Draw, Hand, Seat
from badugi_fast.formats.phh.toml import array, string
from badugi_fast.money import amount_text
from badugi_fast.pots import split_uncalled

__all__ = ["NON_STANDARD", "VARIANTS", "NotConvertible", "hand_lines", "table_text"]

#: The PHH variant code of each betting structure (``Hand.limit``).
VARIANTS = {"fixed": "FB", "pot": "_PB", "half-pot": "_HPB", "no": "_NB"}
#: The codes that are ours, not the PHH standard's.
NON_STANDARD = frozenset(code for code in VARIANTS.values() if code.startswith("_"))
#: Abbreviations of time zones that sites write, and their IANA names (PHH's ``time_zone``).
_TIME_ZONES = {"ET": "America/New_York", "UTC": "UTC", "GMT": "UTC", "CET": "CET", "WET": "WET", "EET": "EET"}
_BETTING = frozenset({"fold", "check", "call", "bet", "raise"})
_FORCED = frozenset({"post", "ante"})


class NotConvertible(ValueError):
    """A hand that cannot be written as PHH; the message says why."""


def table_text(name: str, hand: Hand) -> str:
    """The hand as a TOML table named ``name`` (a ``.phhs`` entry), ending in a newline."""
    return f"[{name}]\n" + "\n".join(hand_lines(hand)) + "\n"


def hand_lines(hand: Hand) -> list[str]:
    """The PHH fields of ``hand``, one ``key = value`` per line (``actions`` over several lines)."""
    if hand.error is not None:
        raise NotConvertible(f"unreadable: line {hand.error_line}: {hand.error}")
    if not hand.is_badugi:
        raise NotConvertible(f"not Badugi: {hand.game or 'unknown game'}")
    variant = VARIANTS.get(hand.limit or "")
    if variant is None:
        raise NotConvertible("the history does not say the betting structure (fixed, pot, half-pot or no limit)")
    try:
        return _Writer(hand, variant).lines()
    except NotConvertible:
        raise
    except ValueError as error:  # bad cards, a name TOML cannot hold...
        raise NotConvertible(str(error)) from None


@functools.lru_cache(maxsize=4096)
def _card(text: str) -> str:
    """A card as PHH writes it (``Ts``, never ``10s`` or ``T♠``)."""
    codes = parse_cards(text)
    if len(codes) != 1:
        raise ValueError(f"not one card: {text!r}")
    return card_str(codes[0])


def _cards(cards: Sequence[str]) -> str:
    return "".join(map(_card, cards))


@dataclass
class _Player:
    """What the writer follows of one player."""

    number: int  # PHH's p1, p2 ... (1-based)
    seat: Seat
    left: int  # chips behind
    blind: int = 0  # the blind posted: negative for a post out of position
    total: int = 0  # put in this betting round (live)
    put_in: int = 0  # put in the whole hand
    folded: bool = False
    cards: list[tuple[tuple[str, ...], tuple[str, ...]]] | None = field(default=None)  # (thrown, new) per draw


class _Writer:
    """The PHH of one Badugi hand, worked out in one pass over its actions and draws."""

    def __init__(self, hand: Hand, variant: str) -> None:
        self.hand = hand
        self.variant = variant
        self.places = hand.places
        self.players = self._players()
        self.order = [player.seat.name for player in self.players.values()]  # PHH's order of the players
        self.level = 0  # the largest total put in this betting round
        self.street = 0
        self.turn: int | None = None  # who is to act
        self.acted: set[int] = set()  # who has acted since the last bet or raise
        self.sizes: set[int] = set()  # the small bet that each full bet or raise made says (fixed limit)

    def lines(self) -> list[str]:
        hand = self.hand
        money = functools.partial(amount_text, places=self.places)
        antes, blinds = self._forced_bets()
        actions = self._actions()
        names = self.order
        heads_up = len(names) == 2
        if heads_up:  # PHH reverses both heads-up: the first player posts the second entry
            antes, blinds = antes[::-1], blinds[::-1]
        lines = [
            f"variant = {string(self.variant)}",
            f"antes = {array(map(money, antes))}",
            f"blinds_or_straddles = {array(map(money, blinds))}",
        ]
        small, big = self._stakes(blinds)
        if self.variant == "FB":
            lines += [f"small_bet = {money(small)}", f"big_bet = {money(big)}"]
        else:
            lines.append(f"min_bet = {money(big)}")
        seats = [self.players[name].seat for name in names]
        lines.append(f"starting_stacks = {array(money(seat.stack) for seat in seats)}")
        lines.append("actions = [")
        lines += [f"  {string(action)}," for action in actions]
        lines.append("]")
        if hand.hand_id:
            number = hand.hand_id
            lines.append(f"hand = {number if number.isdigit() and number[0] != '0' else string(number)}")
        lines.append(f"players = {array(map(string, names))}")
        lines.append(f"seats = {array(str(seat.number) for seat in seats)}")
        if hand.table:
            lines.append(f"table = {string(hand.table)}")
        lines.append(f"venue = {string(hand.site)}")
        lines += self._money_and_time()
        if hand.paid_recorded:
            lines += self._outcome(money)
        return lines

    def _players(self) -> dict[str, _Player]:
        """The players dealt in (everyone who acts), in PHH's order: from the left of the button to the button."""
        hand = self.hand
        acting = dict.fromkeys(action.player for action in hand.actions)
        acting.update(dict.fromkeys(draw.player for draw in hand.draws))
        seats = []
        for name in acting:
            seat = hand.seat_of(name)
            if seat is None:
                raise NotConvertible(f"{name} plays without a seat line (no starting stack)")
            if seat.stack <= 0:
                raise NotConvertible(f"{name} plays with a starting stack of {amount_text(seat.stack, self.places)}")
            seats.append(seat)
        if len(seats) < 2:
            raise NotConvertible(f"{len(seats)} player(s) in the hand: PHH needs two or more")
        button = self._button(seats)
        seats.sort(key=lambda seat: (seat.number <= button, seat.number))
        players = {}
        for number, seat in enumerate(seats, 1):
            players[seat.name] = _Player(number, seat, seat.stack, cards=self._known_draws(seat.name))
        if len(set(seat.number for seat in seats)) != len(seats):
            raise NotConvertible("two players in one seat")
        return players

    def _button(self, seats: list[Seat]) -> int:
        """The button's seat number, as the blinds say: the seat before the small blind (heads-up, the small blind's
        own), the blinds being the first two posts, the second larger; else the history's button."""
        posts = [action for action in self._forced() if action.kind == "post"]
        if len(posts) >= 2 and posts[0].player != posts[1].player and posts[0].amount < posts[1].amount:
            numbers = sorted(seat.number for seat in seats)
            at = numbers.index(next(seat.number for seat in seats if seat.name == posts[0].player))
            return numbers[at] if len(seats) == 2 else numbers[at - 1]
        if self.hand.button is None:
            raise NotConvertible("the history says neither the button nor the blinds: the seating order is unknown")
        return self.hand.button

    def _known_draws(self, name: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]] | None:
        """``(thrown, new)`` for each of the player's draws when the history shows every card they held, else None."""
        hand = self.hand
        dealt = hand.dealt.get(name)
        if dealt is None or len(dealt) != 4:
            return None
        held = list(dealt)
        story = []
        for draw in hand.draws:
            if draw.player != name:
                continue
            thrown, new = (draw.thrown, draw.new_cards) if draw.discarded else ((), ())
            if thrown is None or new is None or len(thrown) != draw.discarded or len(new) != draw.discarded:
                return None
            if any(card not in held for card in thrown):
                return None
            held = [card for card in held if card not in thrown] + list(new)
            story.append((thrown, new))
        final = hand.cards.get(name)
        if final is not None and sorted(map(_card, final)) != sorted(map(_card, held)):
            return None
        return story

    def _forced_bets(self) -> tuple[list[int], list[int]]:
        """Each player's dead money (antes) and live blind, in PHH's order; a blind out of position is negative."""
        antes = [0] * len(self.order)
        blinds = [0] * len(self.order)
        for action in self._forced():
            player = self.players[action.player]
            index = player.number - 1
            if action.kind == "ante":
                antes[index] += action.amount
            else:
                if blinds[index]:
                    raise NotConvertible(f"{action.player} posts two blinds")
                blinds[index] = action.amount if index < 2 or len(self.order) == 2 else -action.amount
                player.blind = blinds[index]
                player.total += action.amount
            player.left -= action.amount
            player.put_in += action.amount
            if player.left < 0:
                raise NotConvertible(f"{action.player} posts more than their stack")
        self.level = max(player.total for player in self.players.values())
        if not any(antes) and not any(blinds):
            raise NotConvertible("no blinds and no antes")
        return antes, blinds

    def _forced(self) -> Iterator[Action]:
        """The blinds and antes: every post and ante before the first betting action."""
        started = False
        for action in self.hand.actions:
            if action.kind in _FORCED:
                if started or action.street != 0:
                    raise NotConvertible(f"{action.player} posts after the betting started")
                yield action
            else:
                started = True

    def _stakes(self, blinds: list[int]) -> tuple[int, int]:
        """The small and big bet (fixed limit) or the blinds: in fixed limit what the bets made say, else the site's
        stakes, else the big blind (and twice it)."""
        if self.variant == "FB" and self.sizes:
            if len(self.sizes) > 1:
                sizes = ", ".join(amount_text(size, self.places) for size in sorted(self.sizes))
                raise NotConvertible(f"fixed-limit bets of several sizes (small bets of {sizes})")
            (small,) = self.sizes
            return small, 2 * small
        if self.hand.stakes is not None:
            return self.hand.stakes
        big = max(blinds)
        if big <= 0:
            bets = [action.amount for action in self.hand.actions if action.kind == "bet" and not action.all_in]
            if not bets:
                raise NotConvertible("no blinds and no bets: the stakes are unknown")
            big = bets[0] if self.variant != "FB" else min(bets)
        return (big, 2 * big) if self.variant == "FB" else (big, big)

    def _actions(self) -> list[str]:
        """PHH's actions: the deal, each betting round, each draw, the showdown."""
        hand = self.hand
        players = self.players
        actions = []
        for player in players.values():
            dealt = hand.dealt.get(player.seat.name)
            actions.append(f"d dh p{player.number} {_cards(dealt) if player.cards is not None and dealt else '?' * 8}")
        rounds: list[list[Action]] = [[], [], [], []]
        draws: list[list[Draw]] = [[], [], [], []]
        for action in hand.actions:
            if action.kind in _BETTING:
                rounds[self._street(action.street)].append(action)
        for draw in hand.draws:
            if draw.street == 0:
                raise NotConvertible(f"{draw.player} draws before the first betting round is over")
            draws[self._street(draw.street)].append(draw)
        drawn = {name: 0 for name in players}
        for street in range(4):
            if street:
                self._new_round()
                if draws[street] or rounds[street] or sum(not player.folded for player in players.values()) > 1:
                    actions += self._draw(draws[street], drawn)
            self._start_round()
            for action in rounds[street]:
                bet = self._bet(action)
                if bet is not None:
                    actions.append(bet)
        actions += self._showdown()
        return actions

    @staticmethod
    def _street(street: int) -> int:
        if not 0 <= street <= 3:
            raise NotConvertible(f"betting round {street + 1} in a game of four")
        return street

    def _new_round(self) -> None:
        self.level = 0
        self.street += 1
        for player in self.players.values():
            player.total = 0

    def _start_round(self) -> None:
        """Who acts first: the player after the largest blind (pokerkit's rule: a post does not count, ties go to
        the later player), which after a draw is the first player; nobody has acted yet."""
        ranked = [
            (player.total if player.blind > 0 else 0, index) for index, player in enumerate(self.players.values())
        ]
        self.turn = self._able_from(max(ranked)[1] + 1)
        self.acted = set()

    def _able_from(self, start: int) -> int | None:
        """The first player from ``start`` on (clockwise) who can act: not folded and with chips behind."""
        players = list(self.players.values())
        for step in range(len(players)):
            player = players[(start + step) % len(players)]
            if not player.folded and player.left:
                return player.number - 1
        return None

    def _round_over(self) -> bool:
        """Whether the betting round is over: one player left, or everyone who can act has, matching the bet."""
        players = list(self.players.values())
        if sum(not player.folded for player in players) < 2:
            return True
        able = [(index, player) for index, player in enumerate(players) if not player.folded and player.left]
        if len(able) < 2 and all(player.total >= self.level for _, player in able):
            return True  # nobody left to bet against: no betting
        return all(index in self.acted and player.total >= self.level for index, player in able)

    def _draw(self, draws: list[Draw], drawn: dict[str, int]) -> list[str]:
        """One draw: every player's discards, then the replacement cards (PHH's order, whatever the site's)."""
        discards, deals = [], []
        drawing = [player.seat.name for player in self.players.values() if not player.folded]
        if [draw.player for draw in draws] != drawing:
            said = ", ".join(draw.player for draw in draws) or "nobody"
            raise NotConvertible(f"draw {self.street}: {said} draw(s) where {', '.join(drawing)} draw, in that order")
        for draw in draws:
            player = self.players[draw.player]
            if not 0 <= draw.discarded <= 4:
                raise NotConvertible(f"{draw.player} draws {draw.discarded} cards")
            number = player.number
            known = player.cards[drawn[draw.player]] if player.cards is not None else None
            drawn[draw.player] += 1
            if not draw.discarded:
                discards.append(f"p{number} sd")
                continue
            discards.append(f"p{number} sd {_cards(known[0]) if known else '??' * draw.discarded}")
            deals.append(f"d dh p{number} {_cards(known[1]) if known else '??' * draw.discarded}")
        return discards + deals

    def _bet(self, action: Action) -> str | None:
        """One betting action, checked against what the round asks of the player; None for a check that is no
        action at all (everyone else is all in: PHH has no betting then)."""
        player = self.players[action.player]
        name, chips = action.player, action.amount
        if player.folded:
            raise NotConvertible(f"{name} acts after folding")
        if self._round_over():
            if action.kind == "check":  # no action at all: nobody else can bet
                return None
            raise NotConvertible(f"{name} {action.kind}s after the betting round is over")
        if action.kind == "fold" and not player.left:
            raise NotConvertible(f"{name} folds with nothing behind (all in): PHH's players cannot")
        if player.number - 1 != self.turn:
            raise NotConvertible(f"{name} {action.kind}s out of turn ({self.order[self.turn or 0]} is to act)")
        if chips > player.left:
            raise NotConvertible(f"{name} puts in {amount_text(chips, self.places)}, more than their stack")
        to_call = min(self.level - player.total, player.left)
        player.left -= chips
        player.total += chips
        player.put_in += chips
        if action.kind == "fold":
            player.folded = True
            self._acted(player)
            return f"p{player.number} f"
        if action.kind in ("check", "call"):
            if chips != to_call:
                owed = amount_text(to_call, self.places)
                raise NotConvertible(
                    f"{name} {action.kind}s {amount_text(chips, self.places)} where the call is {owed}"
                )
            self._acted(player)
            return f"p{player.number} cc"
        if player.total <= self.level:
            raise NotConvertible(
                f"{name} {action.kind}s to {amount_text(player.total, self.places)}, not above the bet"
            )
        if not action.all_in:  # a full bet or raise: the small bet, or the big bet after the second draw
            self.sizes.add((player.total - self.level) // (2 if self.street >= 2 else 1))
        self.level = player.total
        self.acted.clear()
        self._acted(player)
        return f"p{player.number} cbr {amount_text(player.total, self.places)}"

    def _acted(self, player: _Player) -> None:
        """The player has acted: the turn passes to the next who can act."""
        self.acted.add(player.number - 1)
        self.turn = self._able_from(player.number)

    def _showdown(self) -> list[str]:
        """``sm`` for every player left at the end, when two or more are: the players who showed first."""
        hand = self.hand
        left = [name for name, player in self.players.items() if not player.folded]
        if len(left) < 2:
            return []
        shown = [name for name in hand.shown if name in left]
        actions = []
        for name in shown + [name for name in left if name not in shown]:
            number = self.players[name].number
            cards = hand.cards.get(name)
            if name in hand.mucked:
                revealed = f" # mucked {_cards(cards)}" if cards and len(cards) == 4 else ""
                actions.append(f"p{number} sm{revealed}")
            elif cards and len(cards) == 4:
                actions.append(f"p{number} sm {_cards(cards)}")
            elif hand.collected.get(name):
                raise NotConvertible(f"{name} is paid at the showdown, but their cards are not known")
            else:
                actions.append(f"p{number} sm")
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

    def _outcome(self, money: functools.partial[str]) -> list[str]:
        """``winnings``, ``finishing_stacks`` and ``_rake``: what the site paid, from the history."""
        hand = self.hand
        names = self.order
        put_in = [self.players[name].put_in for name in names]
        matched, returned_to, uncalled = split_uncalled(put_in)
        paid = [0] * len(names)
        for name, chips in hand.collected.items():
            if name not in self.players:
                raise NotConvertible(f"{name} is paid but not in the hand")
            paid[self.players[name].number - 1] += chips
        if hand.collected_includes_uncalled and returned_to is not None:
            paid[returned_to] -= uncalled
        if min(paid) < 0:
            raise NotConvertible("the site pays a player less than their own uncalled bet")
        finishing = [self.players[name].seat.stack - matched[k] + paid[k] for k, name in enumerate(names)]
        rake = hand.rake if hand.rake is not None else sum(matched) - sum(paid)
        if rake < 0 or sum(paid) + rake != sum(matched):
            total, given = amount_text(sum(matched), self.places), amount_text(sum(paid), self.places)
            raise NotConvertible(f"the site pays {given} and rakes {amount_text(rake, self.places)} of a {total} pot")
        return [
            f"finishing_stacks = {array(map(money, finishing))}",
            f"winnings = {array(map(money, paid))}",
            f"_rake = {money(rake)}",
        ]
