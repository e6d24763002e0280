"""PHH at scale: every real hand history and many simulated hands written as PHH, replayed by pokerkit.

    python scripts/check_phh.py                          # the shared real files and 100,000 simulated hands
    python scripts/check_phh.py --hands 2000 --real ''   # a quick run without the real files

1. Real files (``--real``, default ``../shared/hand-histories``): every hand is converted as ``badugi convert``
   converts it; every hand not converted is listed with the reason. Every PHH hand is loaded by pokerkit and played
   to its end (``history.phh.replay``: pokerkit's own Badugi hand values); each player's final stack must equal the
   site's (``finishing_stacks``: start + collected - put in) and the original hand must be verified (or won without
   a showdown) by badugi-fast's scorer, so that the site, our scorer and pokerkit agree. The PHH file is then read
   back by ``badugi score`` and must give the same statuses and payouts.
2. Simulated fixed-limit hands (``--hands``, 2-10 players, some raked): the same, where the truth is the engine's
   final stacks.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

from badugi_fast.formats import phh
from badugi_fast.formats.model import Hand
from badugi_fast.game import TableRules
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.game.simulate import simulate
from badugi_fast.history import score_file
from badugi_fast.history.pipeline import parse
from badugi_fast.history.score import score

try:
    from badugi_fast.formats.phh.replay import final_stacks, load_all
except ImportError as error:  # pokerkit is a test-only dependency
    sys.exit(f"pokerkit is needed: {error}")

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "hand-histories"


def replay_all(hands: list[Hand], truth: list[dict[str, Any]] | None, counts: Counter[str], label: str) -> bool:
    """Write ``hands`` as PHH, replay each in pokerkit, compare, read them back with the scorer: True if all agree."""
    out = io.StringIO()
    written = [done for done in phh.write(hands, out) if isinstance(done, Hand)]
    text = out.getvalue()
    ok = True
    for number, history in enumerate(load_all(text)):
        counts[f"{label} replayed"] += 1
        try:
            stacks = final_stacks(history)
        except ValueError as error:
            ok = False
            print(f"  {label}: pokerkit cannot play hand {history.hand}: {error}")
            continue
        expected = history.finishing_stacks if truth is None else [truth[number][name] for name in history.players]
        if stacks != history.finishing_stacks or stacks != expected:
            ok = False
            print(
                f"  {label}: hand {history.hand}: pokerkit {stacks}, site {history.finishing_stacks}, truth {expected}"
            )
        else:
            counts[f"{label} equal"] += 1
    back = score_file(text)
    for hand, record in zip(written, back, strict=True):
        original = score(hand)
        if (record.status, _paid(record)) != (original.status, _paid(original)):
            ok = False
            print(f"  {label}: hand {hand.hand_id} read back from PHH: {record.status}, originally {original.status}")
        else:
            counts[f"{label} read back"] += 1
    return ok


def _paid(result: Any) -> dict[str, tuple[str | None, str | None]]:
    return {player.name: (player.collected, player.expected) for player in result.players if player.collected}


def real(folder: Path, counts: Counter[str]) -> bool:
    """The real files: convert, report what is left out, replay."""
    hands = []
    ok = True
    for hand in parse(folder):
        counts["real hands"] += 1
        if not hand.is_badugi and hand.error is None:
            counts["real hands of other games"] += 1
            continue
        counts["real Badugi hands"] += 1
        try:
            phh.hand_lines(hand)
        except phh.NotConvertible as error:
            counts["real not converted"] += 1
            print(f"  not converted: {hand.source}:{hand.index} #{hand.hand_id}: {error}")
            continue
        if score(hand).status not in ("verified", "no_showdown"):
            ok = False
            print(f"  our scorer does not verify {hand.source} #{hand.hand_id}: {score(hand).reason}")
        hands.append(hand)
    return replay_all(hands, None, counts, "real") and ok


def simulated(count: int, counts: Counter[str], chunk: int = 2000) -> bool:
    """``count`` simulated fixed-limit hands at tables of 2 to 10, a third of them raked, in chunks."""
    ok = True
    rng = random.Random(12)
    done = 0
    while done < count:
        size = min(chunk, count - done)
        players = rng.randint(2, 10)
        rake = rng.choice((0, 0, 5))
        rules = TableRules(10, 20, rake_percent=rake, rake_cap=300 if rake else None)
        cash = rng.random() < 0.5
        played = list(simulate(size, players, rules, seed=done))
        hands = list(recorded_hands(played, "USD" if cash else None))
        truth = [
            {
                name: Decimal(stack) / 100 if cash else stack
                for name, stack in zip(hand.names, hand.state.stacks, strict=True)
            }
            for hand in played
        ]
        ok = replay_all(hands, truth, counts, "simulated") and ok
        done += size
        print(f"  simulated: {done} hands", file=sys.stderr)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000, help="simulated fixed-limit hands (default 100,000)")
    parser.add_argument("--real", default=str(SHARED), help="folder of real hand histories ('' for none)")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    ok = True
    if args.real:
        ok = real(Path(args.real), counts) and ok
    if args.hands:
        ok = simulated(args.hands, counts) and ok
    for key, value in counts.items():
        print(f"{key}: {value}")
    print(f"{'all agree' if ok else 'DISAGREEMENTS'} ({time.perf_counter() - started:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
