"""What each player of a recorded hand did, noted as the rules replay it (``formats.replay``): ``Hand.facts``.

The statistics (``badugi stats``) are made of these facts, which every scored record carries (``history.record``):
how each player bet before the first draw, how often they bet, raised and called, how many cards each draw took,
whether they folded. The round of each event is the rules' (a history that skips a draw's marker still draws in
the rules' order) while the hand follows them, the history's once it leaves them. A wager is a bet when there is
nothing to call on its round (no live blind before the first draw, no bet yet after a draw), a raise otherwise,
whatever word the site wrote. Mirrored in csrc/rules.c: note() and badugi_rules_facts().
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_fast.formats.model import Action, Draw, Facts

__all__ = ["Notes"]


class Notes:
    """The facts of one hand's players, event by event."""

    __slots__ = ("facts", "raises", "wagered")

    def __init__(self, positions: Iterable[str], blinds: bool) -> None:
        """``positions``: the players dealt in, from the left of the button round to it; ``blinds``: a live blind
        was posted (a wager before the first draw is a raise)."""
        self.facts = {name: Facts(place) for place, name in enumerate(positions)}
        self.wagered = [blinds, False, False, False]  # each round: something to call
        self.raises = 0  # the raises before the first draw

    def note(self, event: Action | Draw, street: int) -> None:
        """``event`` on betting round ``street`` (0-3), or the draw ``street`` (1-3). A forced bet only says that
        its player is dealt in."""
        player = self.facts.get(event.player)
        if player is None:
            player = self.facts[event.player] = Facts()
        if isinstance(event, Draw):
            if 1 <= street <= 3:
                player.drew[street - 1] = event.discarded
            return
        kind = event.kind
        if kind in ("post", "ante"):
            return
        wager = kind in ("bet", "raise")
        if kind == "fold":
            player.folded = True
        if street == 0:
            player.three_bet_chance |= self.raises == 1
            player.vpip |= wager or kind == "call"
            if wager:
                player.pfr = True
                player.three_bet |= self.raises == 1
        if kind == "call":
            player.calls += 1
        elif wager and 0 <= street <= 3 and self.wagered[street]:
            player.raises += 1
            self.raises += street == 0
        elif wager:
            player.bets += 1
            if 0 <= street <= 3:
                self.wagered[street] = True
