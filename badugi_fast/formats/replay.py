"""A recorded hand replayed through the rules engine (``rules.replay``), action by action, as it was written.

Every format's reader ends here (``Builder.done``, or the PHH reader as it reads): the hand's players are those who
posted, acted or drew, in seat order; its forced bets are posted as the history posted them; then each action and
draw goes through the engine in the order the history wrote them. The replay is the one account of the hand's
betting: it turns a total the site wrote ("raises to $5", KingsClub's "calls 90") into the chips the action adds,
and gives every bet and raise its ``to``. Where the history leaves the rules (an action out of turn or after the
hand is over, a call that is not what the round asks, a bet the structure or the stack does not allow, a draw of
more than four cards, a player with no seat, a showdown nobody could reach), ``hand.broken`` says how and
``hand.broken_line`` where, and the rest of the hand is only added up as written.

What the rules engine does not know about a recorded hand, and this module does not check: the raise cap (sites
have their own, and do not write it), whether an all-in is marked as one.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.formats.facts import Notes
from badugi_fast.formats.model import Action, Draw, Hand, Seat, Sight
from badugi_fast.money import amount_text
from badugi_fast.rules.engine import IllegalActionError, TableRules
from badugi_fast.rules.limits import FIXED, LIMITS, NO_LIMIT
from badugi_fast.rules.replay import MAX_PLAYERS, Forced, Replay

__all__ = ["Recorder", "replay"]

_FORCED = ("post", "ante")


def replay(hand: Hand) -> None:
    """Replay ``hand`` (read from a history, with ``Action.to`` where the site wrote totals): fill each action's
    chips and ``to``, set its ``street`` to the rules' betting round while the hand follows them, and set
    ``broken``/``broken_line`` where it first leaves the rules."""
    if hand.error is not None or not hand.is_badugi:
        return
    events = hand.played()
    recorder = Recorder.of(hand)
    if recorder is None:
        _add_up(hand)
        notes = Notes((), any(action.kind == "post" and action.amount for action in hand.actions))
        for event in events:
            notes.note(event, event.street)
        hand.facts = notes.facts
        return
    for event in events:
        if isinstance(event, Draw):
            recorder.draw(event)
        elif event.kind not in _FORCED:
            recorder.act(event)
        elif recorder.started:
            recorder.refuse(event.line, f"{event.player} posts after the betting began")
    recorder.finish(events[-1].line if events else -1)


def _order(event: Action | Draw | Sight) -> int:
    return event.order


class Recorder:
    """One hand's replay: the engine (``rules.replay.Replay``), the hand's players, and the first rule broken."""

    def __init__(self, hand: Hand, players: list[Seat], engine: Replay) -> None:
        self.hand = hand
        self.engine = engine
        self.notes = Notes(hand.positions, engine.level > 0)  # what each player does: the facts
        hand.facts = self.notes.facts
        self.index = {seat.name: number for number, seat in enumerate(players)}
        self.started = False  # the betting has begun (after the forced bets)
        self.recorded = 0  # the street of the history's last action or draw (for the bookkeeping once broken)

    @classmethod
    def of(cls, hand: Hand) -> Recorder | None:
        """The replay of ``hand``, whose players are those who posted, acted or drew; None (with ``hand.broken`` set
        when it is why) when the hand cannot even begin by the rules (a player with no seat, too many players, or
        fewer than two)."""
        events = hand.played()
        named = dict.fromkeys(event.player for event in events)
        players = []
        for name in named:
            seat = hand.seat_of(name)
            if seat is None:
                line = next(event.line for event in events if event.player == name)
                _break(hand, line, f"{name} plays without a seat line (no stack)")
                return None
            players.append(seat)
        if len(players) < 2:
            return None  # nobody to play against: nothing the rules can say
        return cls.start(hand, players)

    @classmethod
    def start(cls, hand: Hand, players: list[Seat], unknown: Collection[str] = ()) -> Recorder | None:
        """The replay of ``hand`` between ``players`` (``unknown``: those whose stack the history does not give), its
        forced bets (the posts and antes its actions begin with) posted; None (with ``hand.broken`` set) for more
        players than a deck can deal to."""
        if len(players) > MAX_PLAYERS:
            _break(
                hand,
                hand.actions[0].line if hand.actions else -1,
                f"{len(players)} players: a deck deals four cards to {MAX_PLAYERS} at most",
            )
            return None
        players = sorted(players, key=_seat_number)
        index = {seat.name: number for number, seat in enumerate(players)}
        forced: list[Forced] = []
        posted = [0] * len(players)
        over: Action | None = None  # the first forced bet that takes more than the player's stack
        for action in hand.actions:
            if action.kind not in _FORCED:
                break
            number = index[action.player]
            action.street = 0  # the rules' first betting round, wherever the history put its marker
            forced.append((number, action.amount, 0) if action.kind == "post" else (number, 0, action.amount))
            posted[number] += action.amount
            if over is None and action.player not in unknown and posted[number] > players[number].stack:
                over = action
        rules, opening = _rules(hand, players, forced)
        engine = Replay(
            rules,
            [None if seat.name in unknown else seat.stack for seat in players],
            _button(hand, players, forced),
            forced,
            names=[seat.name for seat in players],
            money=functools.partial(amount_text, places=hand.places),
            opening=opening,
        )
        hand.positions = [engine.names[player] for player in engine.order]
        recorder = cls(hand, players, engine)
        if over is not None:  # a player who posts all they have is all in; more than that cannot be posted
            stack = players[index[over.player]].stack
            recorder.refuse(
                over.line,
                f"{over.player} posts {recorder._money(posted[index[over.player]])} of forced bets "
                f"with a stack of {recorder._money(stack)}",
            )
        return recorder

    @property
    def broken(self) -> bool:
        return self.hand.broken is not None

    def refuse(self, line: int, rule: str) -> None:
        """The hand leaves the rules here (only the first such place is kept)."""
        if not self.broken:
            _break(self.hand, line, rule)

    def _after_a_show(self, event: Action | Draw) -> None:
        """A show happens only once the play is over (at the showdown, or by a winner nobody called): an action or a
        draw after a player showed their cards breaks the rules (csrc/verdict.c: badugi_hh_event() leaves such a hand
        to this code)."""
        show = next((sight for sight in self.hand.sights if sight.shown and sight.order < event.order), None)
        if show is not None:
            verb = "draws" if isinstance(event, Draw) else "acts"
            self.refuse(
                event.line, f"{event.player} {verb} after {show.player} showed their cards: not at the showdown"
            )

    @property
    def street(self) -> int:
        """The street the rules are in: the betting round's, or the draw's that comes next."""
        engine = self.engine
        return engine.round + (engine.phase == "draw")

    def act(self, action: Action, decided: bool = False) -> None:
        """One betting action, through the engine; its chips and ``to`` filled in. ``decided``: the history says
        only "call" (PHH's ``cc``): the call is what the rules say it is."""
        self.started = True
        engine = self.engine
        player = self.index[action.player]
        self._after_a_show(action)
        if action.street != self.recorded:
            self._street(action.street)
        before = engine.bets[player]
        if decided and not self.broken:
            action.amount = engine.to_call(player)
        if action.to is not None:
            if action.to < before:
                self._refuse(
                    action,
                    f"{action.player} brings their total for the round to {self._money(action.to)}, "
                    f"below the {self._money(before)} they already put in",
                )
                return
            action.amount = action.to - before
        total = before + action.amount
        if self.broken:
            self.notes.note(action, action.street)
            self._add(action, player, total)
            return
        self._pass_idle(player)
        # The street the rules are in (a history may misplace a street's marker): the betting round whose uncalled
        # bet ``history.score`` returns, and the round of the facts (a player all in folded by the site during a
        # draw did not act on the round before it: csrc/rules.c's note() notes only while a round is being bet).
        action.street = self.street
        self.notes.note(action, action.street)
        try:
            if action.kind == "fold" and not engine.stacks[player] and not engine.folded[player]:
                engine.give_up(player)  # a player all in, folded by the site (sitting out)
                action.all_in = True
            elif action.kind == "fold":
                engine.fold(player)
            elif action.kind == "check":
                engine.check(player)
            elif action.kind == "call":
                owed = engine.to_call(player)
                if action.amount != owed and engine.betting and engine.to_act == player:
                    raise IllegalActionError(
                        f"{action.player} calls {self._money(action.amount)} where the call is {self._money(owed)}"
                    )
                engine.call(player)
            elif engine.level:  # a bet or a raise: the word is the site's, the rules say which it is
                engine.raise_to(player, total)
            else:
                engine.bet(player, total)
        except IllegalActionError as error:
            self._refuse(action, str(error))
            self._add(action, player, total)
            return
        if action.kind in ("bet", "raise"):
            action.to = total

    def draw(self, draw: Draw) -> None:
        """One player's draw, through the engine."""
        self.started = True
        self._after_a_show(draw)
        if draw.street != self.recorded:
            self._street(draw.street)
        if self.broken:
            self.notes.note(draw, draw.street)
            return
        self._pass_idle(self.index[draw.player])
        self.notes.note(draw, self.engine.round + 1)
        try:
            self.engine.draw(self.index[draw.player], draw.discarded)
        except IllegalActionError as error:
            self._refuse(draw, str(error))

    def finish(self, last_line: int) -> None:
        """The history is over: the rules' hand must be over too, and a showdown needs two players left."""
        if self.broken:
            return
        engine = self.engine
        self._pass_idle(None)
        if not engine.over:
            waiting = engine.names[engine.to_act] if engine.to_act is not None else "a player"
            doing = "draw" if engine.phase == "draw" else "act"
            self.refuse(last_line, f"the hand ends while {waiting} has still to {doing}")
        elif self.hand.showdown and len(engine.live) < 2:
            self.refuse(last_line, f"a showdown, but everyone but {engine.names[engine.live[0]]} folded")
        if not self.broken:
            _check_cards(self.hand, engine.n)

    def _pass_idle(self, player: int | None) -> None:
        """Players to act before ``player`` who have nothing to decide pass, as sites write nothing for them."""
        engine = self.engine
        while engine.betting and engine.to_act is not None and engine.to_act != player and engine.idle(engine.to_act):
            engine.pass_turn()

    def _street(self, street: int) -> None:
        """The history moved on to ``street``: once the hand is broken, its bets start again from nothing."""
        self.recorded = street
        if self.broken:
            self.engine.new_round()

    def _refuse(self, event: Action | Draw, rule: str) -> None:
        self.refuse(event.line, rule)

    def _add(self, action: Action, player: int, total: int) -> None:
        """The action as the history says it happened, added up without the rules (the hand is broken)."""
        self.engine.force(player, action.kind, total - self.engine.bets[player] if action.kind != "fold" else 0)
        if action.kind in ("bet", "raise"):
            action.to = total

    def _money(self, chips: int) -> str:
        return amount_text(chips, self.hand.places)


def _check_cards(hand: Hand, players: int) -> None:
    """What the history shows of the cards could have happened: every hand shown is four distinct cards; a player's
    hand changes only by their draws (the cards thrown were held, at least the cards not thrown stay); no card is in
    two players' hands; and no card is dealt twice, unless the stub ran out and the discards were shuffled into a
    new one (then only the hands shown from there on are held to each other)."""
    held: dict[str, set[str]] = {}  # each player's hand, where the history shows it
    kept: dict[str, int] = {}  # how many of those cards the player's draws since must have kept
    owner: dict[str, str] = {}  # who was dealt each card seen (since the last reshuffle)
    stub = 52 - 4 * players  # the cards left to draw from
    live = players  # the players who have not folded
    folds = [action for action in hand.actions if action.kind == "fold"]
    events: list[Sight | Draw | Action] = sorted([*hand.sights, *hand.draws, *folds], key=_order)
    for event in events:
        name = event.player
        if isinstance(event, Action):
            live -= 1
            continue
        if isinstance(event, Draw):
            if event.discarded > stub:  # the discards and the folded hands become the new stub (the engine's
                # draw): all but the live hands, of which this draw takes the rest; cards seen before may come back
                stub = 52 - 4 * live
                owner.clear()
            stub -= event.discarded
            thrown, new = event.thrown, event.new_cards
            if name not in held or thrown is None or new is None or len(new) != len(thrown):
                kept[name] = kept.get(name, 4) - event.discarded
                continue
            gone, came = set(map(_card, thrown)), list(map(_card, new))
            if not gone <= held[name]:
                return _break(hand, event.line, f"{name} throws {_cards(gone - held[name])}, not in their hand")
            for card in came:
                if card in owner:
                    return _break(hand, event.line, f"{name} draws {card}, dealt already to {owner[card]}")
                owner[card] = name
            held[name] = (held[name] - gone) | set(came)
            continue
        cards = list(map(_card, event.cards))
        now = set(cards)
        if len(cards) != 4 or len(now) != 4:
            return _break(hand, event.line, f"{name} shows {' '.join(event.cards)}: a Badugi hand is four cards")
        before = held.get(name)
        if before is not None and len(now & before) < kept.get(name, 4):
            return _break(hand, event.line, f"{name} shows {' '.join(event.cards)}, not the cards they hold")
        for card in cards:
            if owner.setdefault(card, name) != name:
                return _break(hand, event.line, f"{card} is in the hands of {owner[card]} and {name}")
        held[name], kept[name] = now, 4
    return None


@functools.lru_cache(maxsize=4096)
def _card(text: str) -> str:
    """A card as one spelling (``10s`` and ``T♠`` are ``Ts``)."""
    return card_str(parse_cards(text)[0])


def _cards(cards: set[str]) -> str:
    return " ".join(sorted(cards))


def _break(hand: Hand, line: int, rule: str) -> None:
    hand.broken, hand.broken_line = rule, line


def _add_up(hand: Hand) -> None:
    """A hand the rules cannot replay (fewer than two players): its totals turned into chips as written."""
    totals: dict[tuple[int, str], int] = {}
    for action in sorted(hand.actions, key=_order):
        key = (action.street, action.player)
        if action.to is not None:
            action.amount = max(0, action.to - totals.get(key, 0))
        totals[key] = totals.get(key, 0) + action.amount


def _seat_number(seat: Seat) -> int:
    return seat.number


def _rules(hand: Hand, players: Sequence[Seat], forced: Sequence[Forced]) -> tuple[TableRules, int | None]:
    """The betting structure the hand is held to, and the bet to match before the first draw when it is not the
    largest live blind (a big blind all in for less: the others still call a whole one)."""
    limit = hand.limit if hand.limit in LIMITS else NO_LIMIT  # a site that does not say: only the stacks bound bets
    live = [chips for _, chips, _ in forced if chips]
    largest = max(live, default=0)
    if limit == FIXED:
        small, big = hand.stakes if hand.stakes is not None else (largest or 1, 2 * (largest or 1))
        nominal = small
    else:
        small = big = 0
        nominal = hand.stakes[1] if hand.stakes is not None else largest or 1
    posted: dict[int, tuple[int, int]] = {}  # each player's forced bets, live and dead: an ante counts towards all in
    for player, chips, dead in forced:
        live_before, dead_before = posted.get(player, (0, 0))
        posted[player] = (live_before + chips, dead_before + dead)
    short = any(players[player].stack <= chips + dead for player, (chips, dead) in posted.items() if chips)
    opening = max(largest, nominal) if short else None
    big_blind = max(nominal, 1)
    rules = TableRules(
        min(min(live, default=big_blind), big_blind),
        big_blind,
        limit,
        small_bet=small or None,
        raise_cap=None,  # sites cap fixed-limit betting their own way, and do not write it
        big_bet=big or None,
    )
    return rules, opening


def _button(hand: Hand, players: Sequence[Seat], forced: Sequence[Forced]) -> int:
    """The player on the button (or the last before its seat when nobody dealt in sits there); without a button
    in the history, the player before the first blind (heads-up: the small blind)."""
    if hand.button is not None:
        at_or_before = [number for number, seat in enumerate(players) if seat.number <= hand.button]
        return at_or_before[-1] if at_or_before else len(players) - 1
    first = next((player for player, chips, _ in forced if chips), 0)
    return first if len(players) == 2 else (first - 1) % len(players)
