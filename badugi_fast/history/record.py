"""The scored record of one hand, defined once: ``Result`` and its ``PlayerResult`` entries, fields in order.

JSON Lines, CSV and the Parquet schema are all derived from these two dataclasses (``output``, ``parquet``): the
record's fields are theirs, in their order, with their types. A field whose metadata says ``record=False`` is
carried for summaries and is not written. Each field's ``arrow`` metadata names its Parquet type where a Python
type alone does not say it (``rank`` is a small integer). Amounts are exact decimal strings (``"5.45"``, or
``"1500"`` for whole tournament chips), never floats.

>>> print(*(field.name for field in record_fields(Result)))
file index hand_id site game limit status reason players started time_zone currency stakes big_blind
>>> print(*[field.name for field in record_fields(PlayerResult)][:12])
name cards rank description site_description collected expected position hero put_in net vpip
>>> print(*[field.name for field in record_fields(PlayerResult)][12:])
pfr three_bet three_bet_chance bets raises calls drew_1 drew_2 drew_3 showdown won

The fields from ``position`` on are the player's facts, for the statistics (``formats.facts``; docs/stats.md
defines each). Every player dealt in has an entry, and so has anyone else who put chips in, has known cards or was
paid.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

__all__ = ["STATUSES", "PlayerResult", "Result", "record_fields"]

#: Every ``Result.status``: ``verified`` (played by the rules and paid as they pay, at a showdown), ``no_showdown``
#: (the same, won uncontested), ``mismatch`` (the hand breaks a rule, or was paid otherwise: ``reason`` says where and
#: how), ``unverified`` (played by the rules, but the history records no payouts to check), ``skipped`` (not Badugi),
#: ``error`` (a line that cannot be read).
STATUSES = ("verified", "mismatch", "no_showdown", "unverified", "skipped", "error")


@dataclass(slots=True)
class PlayerResult:
    """One player of a scored hand. Amounts are decimal strings: what the site paid, what we would pay."""

    name: str
    cards: str | None = None  # last known cards: shown, mucked but revealed in the summary, or the hero's own
    rank: int | None = field(default=None, metadata={"arrow": "int16"})  # our value of those cards: 1 ... 1092
    description: str | None = None  # our wording of that value
    site_description: str | None = None  # the site's own wording, when it gives one
    collected: str | None = None  # what the site paid from the pots, after rake, not counting an uncalled bet
    expected: str | None = None  # what our scoring pays
    position: int | None = field(default=None, metadata={"arrow": "int8"})  # 0: left of the button ... the button
    hero: bool = False  # the one player whose cards the history deals face up (PokerStars' "Dealt to")
    put_in: str | None = None  # every chip put in (blinds, antes, bets), less the uncalled bets returned
    net: str | None = None  # what the site paid (``collected``, or ``expected`` when unrecorded) less ``put_in``
    vpip: bool = False  # called, bet or raised before the first draw
    pfr: bool = False  # bet or raised before the first draw
    three_bet: bool = False  # raised over exactly one raise before the first draw
    three_bet_chance: bool = False  # acted facing exactly one raise before the first draw
    bets: int = field(default=0, metadata={"arrow": "int16"})  # every round: wagers with nothing to call
    raises: int = field(default=0, metadata={"arrow": "int16"})  # every round: wagers over a bet or a blind
    calls: int = field(default=0, metadata={"arrow": "int16"})
    drew_1: int | None = field(default=None, metadata={"arrow": "int8"})  # cards drawn at the first draw; None: none
    drew_2: int | None = field(default=None, metadata={"arrow": "int8"})
    drew_3: int | None = field(default=None, metadata={"arrow": "int8"})
    showdown: bool = False  # still in the hand at its showdown
    won: bool = False  # paid from the pots at a showdown


@dataclass(slots=True)
class Result:
    """The verdict on one hand; ``as_dict`` is the JSON Lines record."""

    file: str  # the file (``archive.zip/member`` inside archives)
    index: int  # the hand's 0-based position in the file
    hand_id: str
    site: str
    game: str
    limit: str | None  # "fixed", "pot", "half-pot", "no", or None when the site does not say
    status: str  # one of STATUSES
    reason: str | None = None
    players: list[PlayerResult] = field(default_factory=list)
    started: str | None = None  # when the hand began, on the site's clock: "2010-09-05 10:32:15"
    time_zone: str | None = None  # that clock's abbreviation, as the site writes it ("ET")
    currency: str | None = None  # a cash game's ISO code ("USD"), "chips" in tournaments; None: the site says none
    stakes: str | None = None  # the site's stakes: fixed limit's small and big bet, else the blinds ("0.25/0.50")
    big_blind: str | None = None  # the big blind: fixed limit's small bet, else the larger blind (the stakes', or
    #: the largest live blind posted when the site writes none)
    showdown: bool = field(default=False, metadata={"record": False})  # the hand reached a showdown: for summaries

    def as_dict(self) -> dict[str, Any]:
        """The record as plain data, keys in the record's order."""
        record = {item.name: getattr(self, item.name) for item in record_fields(Result)}
        record["players"] = [
            {item.name: getattr(player, item.name) for item in record_fields(PlayerResult)} for player in self.players
        ]
        return record


def record_fields(kind: type[Result] | type[PlayerResult]) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of ``kind`` that the record holds, in order."""
    return tuple(item for item in dataclasses.fields(kind) if item.metadata.get("record", True))
