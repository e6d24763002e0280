"""A forger for the differential tests: crafted Badugi hands, honest and forged, written as PokerStars text and as
PHH, in every betting structure (fixed limit, pot limit, no limit), in cash and in tournament chips.

Each hand is a ``Script``: three players (Al on the button in seat 1, Bo the small blind, Cy the big blind), their
stacks and cards, and the hand's events in order. ``stars_text`` and ``phh_text`` write a script in each format,
working out what each format states and the other leaves implied (a call's amount, the round totals of PHH's
``cbr``, PHH's finishing stacks). The events are written as the test says they happened: nothing here checks them
against the rules, so a forged script is written as faithfully as an honest one. ``CATEGORIES`` lists the kinds of
hand issue 25 names, each a script per betting structure and the status a correct reader gives it; ``simulated``
gives honest hands of ``badugi_fast.game.simulate`` in both formats. The amounts and payouts are written here by
hand (and the cards make Al's hand best, then Bo's): none of it is worked out by the code under test.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal

from badugi_fast.formats.phh.writer import table_text
from badugi_fast.formats.pokerstars.writer import hand_text
from badugi_fast.game.played import hand_of
from badugi_fast.game.simulate import simulate
from badugi_fast.rules.engine import TableRules

#: The betting structures, by the name ``TableRules`` gives them.
STRUCTURES = ("fixed", "pot", "no")
#: The seats' players: Al has the button, Bo posts the small blind, Cy the big blind.
NAMES = ("Al", "Bo", "Cy")
#: Each player's cards at the showdown, and PokerStars' words for them: Al's is best, then Bo's, then Cy's.
CARDS = {"Al": ("As", "2d", "3h", "4c"), "Bo": ("5s", "6d", "7h", "8c"), "Cy": ("9s", "Td", "Jh", "Qc")}
DESCRIBED = {"Al": "Badugi: 4,3,2,A", "Bo": "Badugi: 8,7,6,5", "Cy": "Badugi: Q,J,T,9"}
#: PHH's order of the players: from the left of the button round to the button.
PHH_ORDER = ("Bo", "Cy", "Al")
_STARS_LIMITS = {"fixed": "Limit", "pot": "Pot Limit", "no": "No Limit"}
_PHH_VARIANTS = {"fixed": "FB", "pot": "_PB", "no": "_NB"}
_STREETS = ("FIRST", "SECOND", "THIRD")


@dataclass(frozen=True)
class Post:
    """A forced bet: ``kind`` in PokerStars' words ("small blind", "big blind", "small & big blinds", "the ante");
    ``dead`` is the part of a blind that is not live (the small blind of "small & big blinds"); an ante is dead."""

    who: str
    kind: str
    chips: int
    dead: int = 0
    all_in: bool = False

    @property
    def live(self) -> int:
        """The part that counts towards the player's bet of the round."""
        return 0 if self.kind == "the ante" else self.chips - self.dead


@dataclass(frozen=True)
class Act:
    """A betting action; ``to`` is the round's total for a bet or raise, and for a call that is not to the largest
    bet (a whole big blind called when the big blind is all in for less); else a call's amount is worked out."""

    who: str
    verb: str  # fold, check, call, bet, raise
    to: int = 0
    all_in: bool = False


@dataclass(frozen=True)
class Move:
    """One player's part of a draw: the cards thrown and those dealt for them (none: standing pat); ``shows``
    forges a show of these cards between the discard and the new cards."""

    who: str
    thrown: tuple[str, ...] = ()
    new: tuple[str, ...] = ()
    shows: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draw:
    """A draw (the first, second or third: ``street``), its moves in the order they came."""

    street: int
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Show:
    """A player shows their cards at the showdown."""

    who: str


@dataclass(frozen=True)
class Returned:
    """An uncalled bet given back (PokerStars writes it; PHH leaves it to the finishing stacks)."""

    who: str
    chips: int


@dataclass(frozen=True)
class Collect:
    """What the site paid a player from ``pot`` ("pot", "main pot", "side pot")."""

    who: str
    chips: int
    pot: str = "pot"


Event = Post | Act | Draw | Show | Returned | Collect


@dataclass(frozen=True)
class Script:
    """One crafted hand: its betting structure, cash (cents) or tournament chips, the stacks, the events, and
    forgeries the formats cannot be given as events (``seat_names``: the name written in each seat; ``cards``:
    cards other than ``CARDS``; ``phh_edit``: a change to the PHH text)."""

    structure: str
    tournament: bool
    events: tuple[Event, ...]
    stacks: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NAMES, 1000))
    seat_names: dict[str, str] = field(default_factory=dict)
    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    phh_edit: Callable[[str], str] | None = None
    pots: tuple[int, ...] = ()  # the main and side pots the PokerStars summary names, when there are side pots

    def final(self, who: str) -> tuple[str, ...]:
        return self.cards.get(who, CARDS[who])

    def dealt(self, who: str) -> tuple[str, ...]:
        """The player's first four cards: the final ones with every draw undone."""
        cards = list(self.final(who))
        for event in reversed(self.events):
            if isinstance(event, Draw):
                for move in event.moves:
                    if move.who == who:
                        for thrown, new in zip(move.thrown, move.new, strict=True):
                            cards[cards.index(new)] = thrown
        return tuple(cards)

    def name(self, who: str) -> str:
        return self.seat_names.get(who, who)


class _Chips:
    """The money of a script as it is played: what each player has put in, in the hand and in this round."""

    def __init__(self, script: Script) -> None:
        self.left = dict(script.stacks)
        self.put_in = dict.fromkeys(NAMES, 0)
        self.round = dict.fromkeys(NAMES, 0)
        self.paid = dict.fromkeys(NAMES, 0)

    def post(self, event: Post) -> None:
        self.left[event.who] -= event.chips
        self.put_in[event.who] += event.chips
        self.round[event.who] += event.live

    def act(self, event: Act) -> int:
        """The chips the action adds: a call's amount, a bet's or raise's increase of the player's round total."""
        if event.verb == "call" and event.to:
            chips = event.to - self.round[event.who]
        elif event.verb == "call":
            chips = min(max(self.round.values()) - self.round[event.who], self.left[event.who])
        elif event.verb in ("bet", "raise"):
            chips = event.to - self.round[event.who]
        else:
            chips = 0
        self.left[event.who] -= chips
        self.put_in[event.who] += chips
        self.round[event.who] += chips
        return chips

    def new_round(self) -> None:
        self.round = dict.fromkeys(NAMES, 0)


def _money(chips: int, tournament: bool) -> str:
    return str(chips) if tournament else f"${chips // 100}.{chips % 100:02d}" if chips % 100 else f"${chips // 100}"


def stars_text(script: Script, hand_id: int) -> str:
    """The script as a PokerStars hand (Al is the hero: his cards are dealt face up), ending in a newline."""
    money = functools.partial(_money, tournament=script.tournament)
    stakes = (20, 40) if script.structure == "fixed" else (10, 20)
    game = f"Badugi {_STARS_LIMITS[script.structure]}"
    if script.tournament:
        header = f"Tournament #900000001, $2.00+$0.20 USD {game} - Level I ({stakes[0]}/{stakes[1]})"
    else:
        header = f" {game} ({money(stakes[0])}/{money(stakes[1])} USD)"
    lines = [
        f"PokerStars Game #{hand_id}: {header} - 2026/01/01 12:00:00 ET",
        "Table 'Forge' 3-max Seat #1 is the button",
        *(
            f"Seat {seat}: {script.name(who)} ({money(script.stacks[who])} in chips)"
            for seat, who in enumerate(NAMES, 1)
        ),
    ]
    chips = _Chips(script)
    holding = {who: list(script.dealt(who)) for who in NAMES}
    dealt = False
    shown = False
    for event in script.events:
        if isinstance(event, Post):
            chips.post(event)
            all_in = " and is all-in" if event.all_in else ""
            lines.append(f"{script.name(event.who)}: posts {event.kind} {money(event.chips)}{all_in}")
            continue
        if not dealt:
            lines += ["*** DEALING HANDS ***", f"Dealt to {script.name('Al')} [{' '.join(script.dealt('Al'))}]"]
            dealt = True
        if isinstance(event, Act):
            highest = max(chips.round.values())
            added = chips.act(event)
            words = {
                "fold": "folds",
                "check": "checks",
                "call": f"calls {money(added)}",
                "bet": f"bets {money(added)}",
                "raise": f"raises {money(event.to - highest)} to {money(event.to)}",
            }[event.verb]
            lines.append(f"{script.name(event.who)}: {words}" + (" and is all-in" if event.all_in else ""))
        elif isinstance(event, Draw):
            chips.new_round()
            lines.append(f"*** {_STREETS[event.street - 1]} DRAW ***")
            lines += _stars_draw(script, event, holding)
        elif isinstance(event, Show):
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            cards = " ".join(script.final(event.who))
            lines.append(f"{script.name(event.who)}: shows [{cards}] ({DESCRIBED[event.who]})")
        elif isinstance(event, Returned):
            lines.append(f"Uncalled bet ({money(event.chips)}) returned to {script.name(event.who)}")
        else:
            lines.append(f"{script.name(event.who)} collected {money(event.chips)} from {event.pot}")
    total = sum(event.chips for event in script.events if isinstance(event, Collect))
    pots = "".join(f" {'Main pot' if k == 0 else 'Side pot'} {money(chips)}." for k, chips in enumerate(script.pots))
    lines += ["*** SUMMARY ***", f"Total pot {money(total)}{pots} | Rake {money(0)}"]
    return "\n".join(lines) + "\n"


def _stars_draw(script: Script, draw: Draw, holding: dict[str, list[str]]) -> list[str]:
    """A draw's lines: Al's discards with their cards and his new cards (``Dealt to``), the others' counts."""
    lines = []
    for move in draw.moves:
        name = script.name(move.who)
        count = len(move.thrown)
        if not count:
            lines.append(f"{name}: stands pat")
            continue
        before = list(holding[move.who])
        kept = [card for card in before if card not in move.thrown]
        holding[move.who] = kept + list(move.new)
        cards = "card" if count == 1 else "cards"
        lines.append(f"{name}: discards {count} {cards}" + (f" [{' '.join(move.thrown)}]" if move.who == "Al" else ""))
        if move.shows:
            lines.append(f"{name}: shows [{' '.join(move.shows)}]")
        if move.who == "Al":
            lines.append(f"Dealt to {name} [{' '.join(kept)}] [{' '.join(move.new)}]")
    return lines


def _phh_money(chips: int, tournament: bool) -> str:
    sign = "-" if chips < 0 else ""
    return str(chips) if tournament else f"{sign}{abs(chips) // 100}.{abs(chips) % 100:02d}"


def _row(values: Iterable[str]) -> str:
    return "[" + ", ".join(values) + "]"


def phh_text(script: Script, hand_id: int) -> str:
    """The script as one table of a ``.phhs`` file (PHH's order: Bo, Cy, Al), ending in a newline."""
    money = functools.partial(_phh_money, tournament=script.tournament)
    number = {who: k for k, who in enumerate(PHH_ORDER, 1)}
    antes = dict.fromkeys(NAMES, 0)
    blinds = dict.fromkeys(NAMES, 0)
    actions = [f"d dh p{number[who]} {''.join(script.dealt(who))}" for who in PHH_ORDER]
    holding = {who: list(script.dealt(who)) for who in NAMES}
    chips = _Chips(script)
    returned = dict.fromkeys(NAMES, 0)
    for event in script.events:
        if isinstance(event, Post):
            chips.post(event)
            antes[event.who] += event.chips - event.live
            blinds[event.who] += event.live if number[event.who] <= 2 else -event.live  # out of position: negative
        elif isinstance(event, Act):
            chips.act(event)
            verb = {"fold": "f", "check": "cc", "call": "cc"}.get(event.verb, f"cbr {money(event.to)}")
            actions.append(f"p{number[event.who]} {verb}")
        elif isinstance(event, Draw):
            chips.new_round()
            deals = []
            for move in event.moves:
                actions.append(f"p{number[move.who]} sd {''.join(move.thrown)}".rstrip())
                if move.shows:
                    actions.append(f"p{number[move.who]} sm {''.join(move.shows)}")
                if move.thrown:
                    holding[move.who] = [card for card in holding[move.who] if card not in move.thrown] + list(move.new)
                    deals.append(f"d dh p{number[move.who]} {''.join(move.new)}")
            actions += deals
        elif isinstance(event, Show):
            actions.append(f"p{number[event.who]} sm {''.join(script.final(event.who))}")
        elif isinstance(event, Returned):
            returned[event.who] += event.chips
        else:
            chips.paid[event.who] += event.chips
    finishing = [script.stacks[who] - chips.put_in[who] + returned[who] + chips.paid[who] for who in PHH_ORDER]
    stakes = (
        [f"small_bet = {money(20)}", f"big_bet = {money(40)}"]
        if script.structure == "fixed"
        else [f"min_bet = {money(20)}"]
    )
    lines = [
        f"[{hand_id}]",
        f'variant = "{_PHH_VARIANTS[script.structure]}"',
        f"antes = {_row(money(antes[who]) for who in PHH_ORDER)}",
        f"blinds_or_straddles = {_row(money(blinds[who]) for who in PHH_ORDER)}",
        *stakes,
        f"starting_stacks = {_row(money(script.stacks[who]) for who in PHH_ORDER)}",
        "actions = [",
        *(f'  "{action}",' for action in actions),
        "]",
        f"hand = {hand_id}",
        "players = " + _row(f'"{script.name(who)}"' for who in PHH_ORDER),
        "seats = [2, 3, 1]",
        *([] if script.tournament else ['currency = "USD"']),
        f"finishing_stacks = {_row(money(chips) for chips in finishing)}",
        f"winnings = {_row(money(chips.paid[who]) for who in PHH_ORDER)}",
        f"_rake = {money(0)}",
    ]
    text = "\n".join(lines) + "\n"
    return text if script.phh_edit is None else script.phh_edit(text)


# ---- the categories ----------------------------------------------------------------------------------------------

#: The status of a hand no reader may vouch for: anything but ``verified`` and ``no_showdown``.
REFUSED = "refused"
BLINDS: tuple[Event, ...] = (Post("Bo", "small blind", 10), Post("Cy", "big blind", 20))
#: Al's one discard in the first draw: he throws Kd and is dealt 4c.
AL_DRAWS = Move("Al", ("Kd",), ("4c",))


def played_out(drawing: tuple[str, ...], betting: tuple[str, ...], al: Move = AL_DRAWS) -> tuple[Event, ...]:
    """The three draws (``drawing`` in the order they draw, Al as ``al`` in the first, the others stand pat),
    each followed by a check of every player of ``betting`` (none when fewer than two have chips left)."""
    events: list[Event] = []
    for street in (1, 2, 3):
        moves = tuple(al if who == "Al" and street == 1 else Move(who) for who in drawing)
        events.append(Draw(street, moves))
        if len(betting) > 1:
            events += [Act(who, "check") for who in betting]
    return tuple(events)


def showdown(*who: str) -> tuple[Event, ...]:
    return tuple(Show(name) for name in who)


@dataclass(frozen=True)
class Category:
    """A kind of hand of issue 25: the script of each betting structure (``make``), the formats it is written in,
    and the status a correct reader gives it in each structure (None: no clear answer, the records must agree)."""

    name: str
    make: Callable[[str, bool], Script]
    status: Callable[[str, str], str | None]
    sites: tuple[str, ...] = ("PokerStars", "PHH")


def _script(
    *events: Event, stacks: dict[str, int] | None = None, pots: tuple[int, ...] = ()
) -> Callable[[str, bool], Script]:
    """The same events (``stacks``: other than 1000 each; ``pots``: the summary's) in every structure."""
    return lambda structure, tournament: Script(
        structure, tournament, events, stacks or dict.fromkeys(NAMES, 1000), pots=pots
    )


def _always(status: str | None) -> Callable[[str, str], str | None]:
    return lambda site, structure: status


def _honest() -> Callable[[str, bool], Script]:
    """Al raises to 40, Bo folds, Cy calls; checked down to a showdown that Al wins (90)."""
    return _script(
        *BLINDS,
        Act("Al", "raise", 40),
        Act("Bo", "fold"),
        Act("Cy", "call"),
        *played_out(("Cy", "Al"), ("Cy", "Al")),
        *showdown("Cy", "Al"),
        Collect("Al", 90),
    )


def _over_the_limit(structure: str, tournament: bool) -> Script:
    """Al raises to more than the structure allows (fixed: 60, a raise and a half; pot limit: 100, over the 70 of
    the pot), or, in no limit, to less than a raise (30: a raise must add the big blind); Cy calls it."""
    to = {"fixed": 60, "pot": 100, "no": 30}[structure]
    return _script(
        *BLINDS,
        Act("Al", "raise", to),
        Act("Bo", "fold"),
        Act("Cy", "call"),
        *played_out(("Cy", "Al"), ("Cy", "Al")),
        *showdown("Cy", "Al"),
        Collect("Al", 10 + 2 * to),
    )(structure, tournament)


def _short_blind() -> Callable[[str, bool], Script]:
    """Cy posts a big blind of 15 with 1000 behind."""
    return _script(
        Post("Bo", "small blind", 10),
        Post("Cy", "big blind", 15),
        Act("Al", "raise", 40),
        Act("Bo", "fold"),
        Act("Cy", "call"),
        *played_out(("Cy", "Al"), ("Cy", "Al")),
        *showdown("Cy", "Al"),
        Collect("Al", 90),
    )


def _blind_over_the_stack() -> Callable[[str, bool], Script]:
    """Cy, with 15, posts a big blind of 20; Al calls, and the hand is played as if Cy were all in for 20."""
    return _script(
        *BLINDS,
        Act("Al", "call"),
        Act("Bo", "fold"),
        *played_out(("Cy", "Al"), ()),
        *showdown("Cy", "Al"),
        Collect("Al", 50),
        stacks={"Al": 1000, "Bo": 1000, "Cy": 15},
    )


def _all_folded(*posts: Event, returned: int = 20, collected: int = 50) -> Callable[[str, bool], Script]:
    """Al raises to 40 and both blinds fold: his unmatched 20 comes back (``returned``)."""
    return _script(
        *posts,
        Act("Al", "raise", 40),
        Act("Bo", "fold"),
        Act("Cy", "fold"),
        Returned("Al", returned),
        Collect("Al", collected),
    )


#: The blinds, then Al posts a dead small blind and a live big blind (after the big blind, as PokerStars writes it).
DEAD_BLIND: tuple[Event, ...] = (*BLINDS, Post("Al", "small & big blinds", 30, dead=10))
#: Antes of 10, 5 and 5, then the blinds.
UNEQUAL_ANTES: tuple[Event, ...] = (
    Post("Al", "the ante", 10),
    Post("Bo", "the ante", 5),
    Post("Cy", "the ante", 5),
    *BLINDS,
)


def _all_in_raise_of_half(structure: str, tournament: bool) -> Script:
    """Al raises to 40; Bo, with 50, raises all in to 50: half a raise (fixed limit). Fixed limit: that reopens the
    betting, and Al, who raised already, completes it to 60, a full raise above 40; elsewhere Cy raises to 80."""
    betting: tuple[Act, ...]
    if structure == "fixed":
        betting = (Act("Cy", "call"), Act("Al", "raise", 60), Act("Cy", "call"))
        side = 20
    else:
        betting = (Act("Cy", "raise", 80), Act("Al", "call"))
        side = 60
    return Script(
        structure,
        tournament,
        (
            *BLINDS,
            Act("Al", "raise", 40),
            Act("Bo", "raise", 50, all_in=True),
            *betting,
            *played_out(("Bo", "Cy", "Al"), ("Cy", "Al")),
            *showdown("Bo", "Cy", "Al"),
            Collect("Al", side, "side pot"),
            Collect("Al", 150, "main pot"),
        ),
        stacks={"Al": 1000, "Bo": 50, "Cy": 1000},
        pots=(150, side),
    )


def _all_in_raise_under_half(reraised: bool) -> Callable[[str, bool], Script]:
    """Al raises to 40; Bo, with 45, raises all in to 45 (less than half a raise); Cy calls. That does not reopen
    the betting for Al, who already acted: he calls (honest) or raises to 65 (``reraised``: forged)."""
    if reraised:
        ending: tuple[Event, ...] = (Act("Al", "raise", 65), Act("Cy", "call"))
        pays: tuple[Event, ...] = (Collect("Al", 40, "side pot"), Collect("Al", 135, "main pot"))
        pots: tuple[int, ...] = (135, 40)
    else:
        ending, pays, pots = (Act("Al", "call"),), (Collect("Al", 135),), ()
    return _script(
        *BLINDS,
        Act("Al", "raise", 40),
        Act("Bo", "raise", 45, all_in=True),
        Act("Cy", "call"),
        *ending,
        *played_out(("Bo", "Cy", "Al"), ("Cy", "Al")),
        *showdown("Bo", "Cy", "Al"),
        *pays,
        stacks={"Al": 1000, "Bo": 45, "Cy": 1000},
        pots=pots,
    )


def _all_in_bet_completed() -> Callable[[str, bool], Script]:
    """After the first draw Bo bets his last 5, less than a bet; Cy completes it to the full bet (20), Al calls."""
    first = (Draw(1, (Move("Bo"), Move("Cy"), AL_DRAWS)),)
    return _script(
        *BLINDS,
        Act("Al", "call"),
        Act("Bo", "call"),
        Act("Cy", "check"),
        *first,
        Act("Bo", "bet", 5, all_in=True),
        Act("Cy", "raise", 20),
        Act("Al", "call"),
        *_last_draws(("Bo", "Cy", "Al"), ("Cy", "Al")),
        *showdown("Bo", "Cy", "Al"),
        Collect("Al", 30, "side pot"),
        Collect("Al", 75, "main pot"),
        stacks={"Al": 1000, "Bo": 25, "Cy": 1000},
        pots=(75, 30),
    )


def _last_draws(drawing: tuple[str, ...], betting: tuple[str, ...]) -> tuple[Event, ...]:
    """The second and third draws, everyone standing pat, each followed by checks."""
    events: list[Event] = []
    for street in (2, 3):
        events.append(Draw(street, tuple(Move(who) for who in drawing)))
        events += [Act(who, "check") for who in betting]
    return tuple(events)


def _big_blind_facing_less() -> Callable[[str, bool], Script]:
    """Al folds; Bo, with 15, calls all in for less than the big blind: Cy has nothing to decide, the round is over
    and his unmatched 5 comes back. Bo's hand beats Cy's: he wins 30."""
    return _script(
        *BLINDS,
        Act("Al", "fold"),
        Act("Bo", "call", all_in=True),
        Returned("Cy", 5),
        *played_out(("Bo", "Cy"), ()),
        *showdown("Bo", "Cy"),
        Collect("Bo", 30),
        stacks={"Al": 1000, "Bo": 15, "Cy": 1000},
    )


def _text_edit(old: str, new: str) -> Callable[[str], str]:
    """A change of the first ``old`` in a text to ``new`` (which must be there)."""

    def edit(text: str) -> str:
        assert old in text, (old, text)
        return text.replace(old, new, 1)

    return edit


def _silent_fourth(text: str) -> str:
    """A fourth player, Di (on the button, after Al), dealt in with Al's stack and no blind, who never acts."""
    stack = re.search(r"^starting_stacks = \[([^,\]]*)", text, re.M)
    assert stack is not None, text
    zero = "0.00" if "." in stack[1] else "0"
    for key, value in (("antes", zero), ("blinds_or_straddles", zero), ("winnings", zero)):
        text = re.sub(rf"^({key} = \[[^\]]*)\]", rf"\1, {value}]", text, count=1, flags=re.M)
    for key in ("starting_stacks", "finishing_stacks"):
        text = re.sub(rf"^({key} = \[[^\]]*)\]", rf"\1, {stack[1]}]", text, count=1, flags=re.M)
    text = _text_edit('players = ["Bo", "Cy", "Al"]', 'players = ["Bo", "Cy", "Al", "Di"]')(text)
    text = _text_edit("seats = [2, 3, 1]", "seats = [2, 3, 4, 1]")(text)
    return _text_edit('  "d dh p3 ', '  "d dh p4 KsKhKcQd",\n  "d dh p3 ')(text)


def _blind_all_in() -> Callable[[str, bool], Script]:
    """Cy's big blind is his whole stack (20): he is all in, and the rest play as if he had called."""
    return _script(
        Post("Bo", "small blind", 10),
        Post("Cy", "big blind", 20, all_in=True),
        Act("Al", "call"),
        Act("Bo", "fold"),
        *played_out(("Cy", "Al"), ()),
        *showdown("Cy", "Al"),
        Collect("Al", 50),
        stacks={"Al": 1000, "Bo": 1000, "Cy": 20},
    )


def _blind_all_in_for_less() -> Callable[[str, bool], Script]:
    """Cy's big blind is his whole stack, 15, less than a big blind: Al still calls a whole big blind (20), Bo
    folds, and Al's unmatched 5 comes back."""
    return _script(
        Post("Bo", "small blind", 10),
        Post("Cy", "big blind", 15, all_in=True),
        Act("Al", "call", 20),
        Act("Bo", "fold"),
        Returned("Al", 5),
        *played_out(("Cy", "Al"), ()),
        *showdown("Cy", "Al"),
        Collect("Al", 40),
        stacks={"Al": 1000, "Bo": 1000, "Cy": 15},
    )


def _all_in_for_one_chip() -> Callable[[str, bool], Script]:
    """Bo has one chip behind his small blind: Al raises to 40, Bo calls all in for that chip, Cy calls."""
    return _script(
        *BLINDS,
        Act("Al", "raise", 40),
        Act("Bo", "call", all_in=True),
        Act("Cy", "call"),
        *played_out(("Bo", "Cy", "Al"), ("Cy", "Al")),
        *showdown("Bo", "Cy", "Al"),
        Collect("Al", 58, "side pot"),
        Collect("Al", 33, "main pot"),
        stacks={"Al": 1000, "Bo": 11, "Cy": 1000},
        pots=(33, 58),
    )


def _all_in_raise_of_one_chip() -> Callable[[str, bool], Script]:
    """Al, with 21, raises all in to 21, one chip over the big blind; both blinds call, and Al wins 63."""
    return _script(
        *BLINDS,
        Act("Al", "raise", 21, all_in=True),
        Act("Bo", "call"),
        Act("Cy", "call"),
        *played_out(("Bo", "Cy", "Al"), ("Bo", "Cy")),
        *showdown("Bo", "Cy", "Al"),
        Collect("Al", 63),
        stacks={"Al": 21, "Bo": 1000, "Cy": 1000},
    )


def _forged(edit: Callable[[Script], Script]) -> Callable[[str, bool], Script]:
    """The honest hand changed by ``edit``."""
    return lambda structure, tournament: edit(_honest()(structure, tournament))


def _events(script: Script, old: Event, *new: Event) -> Script:
    """``script`` with its event ``old`` replaced by ``new`` (none: removed)."""
    at = script.events.index(old)
    return replace(script, events=script.events[:at] + new + script.events[at + 1 :])


def _out_of_turn(script: Script) -> Script:
    """Bo folds before Al, who acts first before the draw, has acted."""
    return _events(
        _events(script, Act("Bo", "fold")), Act("Al", "raise", 40), Act("Bo", "fold"), Act("Al", "raise", 40)
    )


def _shows_mid_draw(cards: tuple[str, ...]) -> Callable[[Script], Script]:
    """Al shows ``cards`` between his discard (Kd) and his new card (4c)."""

    def edit(script: Script) -> Script:
        first = next(event for event in script.events if isinstance(event, Draw))
        moves = tuple(replace(move, shows=cards) if move.who == "Al" else move for move in first.moves)
        return _events(script, first, Draw(1, moves))

    return edit


def _completed_status(site: str, structure: str) -> str | None:
    """Completing an all-in bet for less is the fixed-limit rule; the other structures' is not settled here."""
    return "verified" if structure == "fixed" else None


CATEGORIES = (
    Category("honest", _honest(), _always("verified")),
    Category("over-limit bet", _over_the_limit, _always("mismatch")),
    Category("short blind", _short_blind(), _always(None)),  # the rules say nothing of a short blind not all in
    Category("blind bigger than the stack", _blind_over_the_stack(), _always(REFUSED)),
    Category("dead blind, uncalled bet", _all_folded(*DEAD_BLIND, collected=60), _always("no_showdown")),
    Category("unequal antes, uncalled bet", _all_folded(*UNEQUAL_ANTES, collected=70), _always("no_showdown")),
    Category("all-in raise of half a raise", _all_in_raise_of_half, _always("verified")),
    Category("all-in raise of less than half, called", _all_in_raise_under_half(False), _always("verified")),
    Category("all-in raise of less than half, raised again", _all_in_raise_under_half(True), _always(REFUSED)),
    Category("all-in bet for less, completed", _all_in_bet_completed(), _completed_status),
    Category("big blind all in for its whole stack", _blind_all_in(), _always("verified")),
    Category("big blind all in for less than a big blind", _blind_all_in_for_less(), _always("verified")),
    Category("all in for one chip", _all_in_for_one_chip(), _always("verified")),
    Category("all-in raise of one chip", _all_in_raise_of_one_chip(), _always("verified")),
    Category("big blind facing an all-in call for less", _big_blind_facing_less(), _always("verified")),
    Category("chips created", _all_folded(*BLINDS, returned=21), _always("mismatch")),
    Category(
        "chips created with a dead blind", _all_folded(*DEAD_BLIND, returned=24, collected=60), _always("mismatch")
    ),
    Category("wrong payout", _forged(lambda s: _events(s, Collect("Al", 90), Collect("Cy", 90))), _always("mismatch")),
    Category(
        "cards in two hands", _forged(lambda s: replace(s, cards={"Cy": ("As", "Td", "Jh", "Qc")})), _always("mismatch")
    ),
    Category("actions out of turn", _forged(_out_of_turn), _always(REFUSED)),
    Category("one name in two seats", _forged(lambda s: replace(s, seat_names={"Bo": "Al"})), _always("error")),
    Category(
        "a show of the cards thrown, between a discard and its new cards",
        _forged(_shows_mid_draw(("As", "2d", "3h", "Kd"))),
        _always(REFUSED),
    ),
    Category(
        "a show of the cards to come, between a discard and its new cards",
        _forged(_shows_mid_draw(CARDS["Al"])),
        _always(REFUSED),
    ),
    Category(
        "PHH player dealt in who never acts",
        _forged(lambda s: replace(s, phh_edit=_silent_fourth)),
        _always(REFUSED),
        ("PHH",),
    ),
    Category(
        "PHH fold with extra words",
        _forged(lambda s: replace(s, phh_edit=_text_edit('"p1 f"', '"p1 f 999"'))),
        _always("error"),  # issue 25: "an error naming the line"
        ("PHH",),
    ),
    Category(
        "PHH discard with extra cards",
        _forged(lambda s: replace(s, phh_edit=_text_edit('"p3 sd Kd"', '"p3 sd Kd 3h 2d"'))),
        _always("error"),
        ("PHH",),
    ),
)


@dataclass(frozen=True)
class Case:
    """One crafted hand in one format: its category, structure, cash or tournament, text and expected status."""

    category: str
    site: str
    structure: str
    tournament: bool
    text: str
    status: str | None

    @property
    def id(self) -> str:
        return f"{self.category} | {self.site} | {self.structure} | {'tournament' if self.tournament else 'cash'}"


def cases() -> Iterator[Case]:
    """Every category in every format it applies to, betting structure, cash and tournament chips."""
    hand_id = 1000
    for category in CATEGORIES:
        for site in category.sites:
            for structure in STRUCTURES:
                for tournament in (False, True):
                    hand_id += 1
                    script = category.make(structure, tournament)
                    text = stars_text(script, hand_id) if site == "PokerStars" else phh_text(script, hand_id)
                    yield Case(category.name, site, structure, tournament, text, category.status(site, structure))


def simulated(site: str, structure: str, tournament: bool, hands: int, seed: int) -> str:
    """Honest simulated hands (2 to 6 players, short stacks: all-ins and side pots) as PokerStars text (a
    tournament's header when ``tournament``) or PHH, in cents (cash) or chips."""
    rules = TableRules(10, 20, structure)
    currency = None if tournament else "USD"
    played = list(simulate(hands, 2 + seed % 5, rules, seed=seed, buy_in=(2, 40), first_hand_id=10**9 * (seed + 1)))
    if site == "PHH":
        return "".join(table_text(str(k), hand_of(hand, currency)) + "\n" for k, hand in enumerate(played, 1))
    text = "".join(hand_text(hand, currency) + "\n\n" for hand in played)
    if tournament:
        level = "Level I (20/40)" if structure == "fixed" else "Level I (10/20)"
        game = f"Badugi {_STARS_LIMITS[structure]}"
        text = text.replace(f":  {game} (", f": Tournament #900000002, $1+$0.10 USD {game} - {level} (")
    return text


def _one_more(amount: str) -> str:
    """``amount`` (``$0.40``, ``210``, ``0.00``) with one more of its smallest unit."""
    sign, digits = ("$", amount[1:]) if amount.startswith("$") else ("", amount)
    if "." in digits or sign:
        return f"{sign}{Decimal(digits) + Decimal('0.01'):.2f}"
    return str(int(digits) + 1)


def overpaid(text: str, site: str) -> str:
    """Every hand of ``text`` (simulated hands, as ``simulated`` writes them) paying one chip (one cent) more than
    the pot: to every ``collected`` of PokerStars; to the first winner's winnings in PHH, and to their finishing
    stack (so that the stacks still add up, and only the pot does not)."""
    if site == "PokerStars":
        return re.sub(r"^(\S+ collected )(\$?[\d.]+)", lambda found: found[1] + _one_more(found[2]), text, flags=re.M)

    def hand(table: str) -> str:
        winnings = re.search(r"^winnings = \[([^\]]*)\]", table, re.M)
        assert winnings is not None, table
        winner = next(k for k, amount in enumerate(winnings[1].split(", ")) if amount.strip("0.") != "")
        for key in ("winnings", "finishing_stacks"):
            found = re.search(rf"^{key} = \[([^\]]*)\]", table, re.M)
            assert found is not None, table
            amounts = found[1].split(", ")
            amounts[winner] = _one_more(amounts[winner])
            table = table[: found.start(1)] + ", ".join(amounts) + table[found.end(1) :]
        return table

    return "".join(hand(table) if table else "" for table in re.split(r"(?m)^(?=\[\d+\]$)", text))
