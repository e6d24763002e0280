"""Site-neutral dataclasses for one hand of poker as a site recorded it.

Every site parser turns its text into these objects and nothing else; the scorer reads only these. Money is an
``int`` number of hundredths of the table's unit (``badugi_fast.money``: cents for cash games, hundredths of a chip
in tournaments), so ``$0.25`` is 25 and ``1,285`` chips is 128500: one scale for every site, never a float.
``Hand.places`` says how many decimals the site writes (2 for cash, 0 for tournament chips), for printing.

Players are named as the site names them; names are unique within a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import datetime  # a Hand's ``started``; not imported by every start (the C reader's hands make no model hand)

__all__ = ["Action", "ActionKind", "Draw", "Facts", "Hand", "Seat", "Sight"]

#: What an ``Action`` is. ``post`` is a blind (or a live post when joining), ``ante`` an ante or any other dead
#: money; the others are the usual betting actions.
ActionKind = Literal["post", "ante", "fold", "check", "call", "bet", "raise"]


@dataclass(slots=True)
class Seat:
    """A player seated at the start of the hand, with the stack they started with."""

    number: int
    name: str
    stack: int
    sitting_out: bool = False


@dataclass(slots=True)
class Action:
    """One betting action. ``amount`` is the money this action added to the pot (the increment). A site that writes
    the player's total for the round instead ("raises to $5", KingsClub's "calls 90") gives ``to``; replaying the
    hand through the rules (``formats.replay``) turns it into the increment, and gives every bet and raise its
    ``to``. ``line`` is where the action is written (an index into the lines its format read; -1 when unknown) and
    ``order`` its place among the hand's actions and draws."""

    street: int  # 0 = before the first draw, 1..3 = after the first..third draw
    player: str
    kind: ActionKind
    amount: int = 0
    all_in: bool = False
    to: int | None = None
    line: int = -1
    order: int = 0
    capped: bool = False  # this bet or raise reached the round's raise cap (PokerStars: "Betting is capped")


@dataclass(slots=True)
class Draw:
    """One player's draw: how many cards they threw away, and which and the new cards when the site shows them
    (hero)."""

    street: int  # 1..3
    player: str
    discarded: int
    new_cards: tuple[str, ...] | None = None
    thrown: tuple[str, ...] | None = None  # the cards thrown away, when the site shows them (hero)
    line: int = -1
    order: int = 0


@dataclass(slots=True)
class Sight:
    """A player's whole hand as the history shows it at one moment: dealt, after a draw (the hero's), shown, or
    revealed in the summary. ``line`` and ``order`` as for an ``Action``: the replay checks that what the history
    shows of the cards could have happened."""

    player: str
    cards: tuple[str, ...]
    line: int = -1
    order: int = 0
    shown: bool = False  # the player showed them (not dealt, nor revealed by the summary): the play is over


@dataclass(slots=True)
class Facts:
    """What one player dealt in did, as the rules replayed it (``formats.facts``; docs/stats.md defines each):
    their place from the left of the button (the button last), how they bet, how many cards each draw took."""

    position: int | None = None
    vpip: bool = False  # called, bet or raised before the first draw (posting a blind and checking do not count)
    pfr: bool = False  # bet or raised before the first draw
    three_bet: bool = False  # raised over exactly one raise before the first draw
    three_bet_chance: bool = False  # acted facing exactly one raise before the first draw
    bets: int = 0  # every round: wagers with nothing to call
    raises: int = 0  # every round: wagers over a bet or a live blind
    calls: int = 0
    drew: list[int | None] = field(default_factory=lambda: [None, None, None])  # cards drawn at each draw
    folded: bool = False


@dataclass(slots=True)
class Hand:
    """One hand as recorded: who sat, what they did, what was shown and what the site paid.

    ``collected`` holds what the site says each player won from the pots, after rake. Sites that report a winner's
    own uncalled bet inside that amount (Merge) set ``collected_includes_uncalled``; the scorer takes it out.
    ``uncalled`` is the uncalled bets the site says it returned, or None when the site never writes them.
    ``rake`` is None when the site does not record it. ``pots`` is the site's own list of pot sizes (main pot
    first, after rake) when it gives one, e.g. PokerStars' "Main pot $2.90. Side pot $2.55.".

    ``stakes`` are the two amounts of the site's stakes when it writes them: the small and big bet in fixed limit
    (``$0.25/$0.50``), the blinds in the big-bet games. ``dealt`` holds the cards each player was first dealt,
    when the site shows them (the hero's); with each ``Draw``'s ``thrown`` and ``new_cards`` it gives the player's
    hand at every point. ``started`` is the date and time of the hand's start as the site writes it, in the site's
    ``time_zone`` (its abbreviation, e.g. ``ET``); ``currency`` is the ISO code of a cash game's money when the
    site names it (``USD``), ``currency_symbol`` the sign it writes. ``paid_recorded`` is False for a history that
    does not record what each player was paid (a PHH file without ``winnings`` or ``finishing_stacks``): the scorer
    then pays as the rules pay, and says so.

    Four fields say what a simulated hand's engine knows and a history's text does not (``game.played.hand_of``
    fills them; the readers leave them at their defaults), for the PokerStars writer to write the hand again:
    ``number`` is the hand's number in its session (the writer dates the hand from it), ``street`` the last draw
    the hand reached (0 before the first; a hand still being played may have begun a draw nobody has made yet),
    ``blinds`` the small and big blind (fixed limit's stakes name its bets instead; a blind all in for less still
    sets the bet to call) and ``pot_shares`` what each player collected from each pot, main pot first, after rake.

    A hand the parser could not read has ``error`` set (with ``error_line``) and may be otherwise incomplete. A hand
    that was read but breaks a rule of the game (an action out of turn, a bet the stack does not cover, a card held
    twice) has ``broken`` set to the first rule it breaks, and ``broken_line`` to where (``formats.replay``).
    """

    site: str
    hand_id: str = ""
    game: str = ""
    limit: str | None = None  # "fixed" | "pot" | "half-pot" | "no" | None when the site does not say
    is_badugi: bool = False
    tournament: bool = False
    places: int = 2
    table: str = ""
    button: int | None = None
    seats: list[Seat] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    draws: list[Draw] = field(default_factory=list)
    showdown: bool = False
    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)  # last known cards of each player
    shown: list[str] = field(default_factory=list)  # showed their cards at showdown, in order
    mucked: list[str] = field(default_factory=list)  # gave up at showdown without showing
    descriptions: dict[str, list[str]] = field(default_factory=dict)  # the site's words for each player's hand
    collected: dict[str, int] = field(default_factory=dict)
    collected_includes_uncalled: bool = False
    uncalled: dict[str, int] | None = None
    rake: int | None = None
    total_pot: int | None = None
    pots: list[int] | None = None
    stakes: tuple[int, int] | None = None  # the site's stakes: fixed limit's small and big bet, else the blinds
    dealt: dict[str, tuple[str, ...]] = field(default_factory=dict)  # first known cards of each player
    sights: list[Sight] = field(default_factory=list)  # every whole hand the history shows, in order
    positions: list[str] = field(default_factory=list)  # the players dealt in, from the left of the button round to it
    facts: dict[str, Facts] = field(default_factory=dict)  # what each player dealt in did (``formats.facts``)
    started: datetime.datetime | None = None
    time_zone: str | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    paid_recorded: bool = True
    source: str = ""  # the file (or archive member) the hand was read from
    index: int = 0  # the hand's position in that file, 0-based, counting every hand (Badugi or not)
    line: int = 1  # line of the file where the hand starts (1-based)
    error: str | None = None
    error_line: int | None = None
    broken: str | None = None
    broken_line: int | None = None
    number: int | None = None  # the hand's number in a simulated session
    street: int = 0  # the last draw the hand reached (1..3), 0 before the first
    blinds: tuple[int, int] | None = None  # the small and big blind
    pot_shares: list[dict[str, int]] | None = None  # [k][player]: collected from pot k (0 = main), after rake

    def played(self) -> list[Action | Draw]:
        """The hand's actions and draws, in the order the history wrote them."""
        return sorted([*self.actions, *self.draws], key=_order)

    def seat_of(self, name: str) -> Seat | None:
        """The seat of player ``name``, or None if they were not seated at the start of the hand.

        >>> Hand("PokerStars", seats=[Seat(3, "Hero", 500)]).seat_of("Hero")
        Seat(number=3, name='Hero', stack=500, sitting_out=False)
        """
        for seat in self.seats:
            if seat.name == name:
                return seat
        return None


_order = attrgetter("order")  # of an Action or a Draw
