"""The real hand histories in ../shared/hand-histories: every showdown verified, every count as the README says.

These files are never copied into the repository; the tests skip when the folder is absent (and fail when the
environment variable ``CI`` is set: see ``conftest.shared_histories``).
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from badugi_fast.history import Result, score_files

#: file -> (hands, Badugi hands, showdowns), from the README's table
COUNTS = {
    "Stars/Badugi-USD-0.25-0.50-201009.txt": (4, 4, 3),
    "Stars/LBad-USD-SNG8-201011.txt": (104, 104, 39),
    "FTP/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt": (1, 1, 1),
    "FTP/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": (1, 1, 1),
    "FTP/10Game-6max-USD-2.50-5.201104.Sample.txt": (84, 10, 5),
    "Merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt": (1, 1, 0),
    "Merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt": (1, 1, 0),
    "KingsClub/Badugi-Limit-USD-30-60-202010.txt": (1, 1, 1),
    "KingsClub/Badacey-Limit-USD-22-44-202101.txt": (1, 0, 0),
    "KingsClub/Badeucey-Limit-USD-22-44-202101.txt": (1, 0, 0),
}


@pytest.fixture(scope="module")
def results(shared_histories: Path) -> dict[str, list[Result]]:
    """Every record of every shared file, by file (relative to the folder)."""
    by_file: dict[str, list[Result]] = {}
    for result in score_files([shared_histories]):
        by_file.setdefault(Path(result.file).relative_to(shared_histories).as_posix(), []).append(result)
    return by_file


def test_record_counts_equal_the_readme(results: dict[str, list[Result]]) -> None:
    assert set(results) == set(COUNTS)
    for name, (hands, badugi, showdowns) in COUNTS.items():
        records = results[name]
        assert len(records) == hands, name
        assert [r.index for r in records] == list(range(hands)), name
        assert sum(r.status != "skipped" for r in records) == badugi, name
        assert sum(r.showdown for r in records) == showdowns, name
        assert not [r for r in records if r.status in ("error", "mismatch")], name


def test_every_showdown_is_verified(results: dict[str, list[Result]]) -> None:
    showdowns = [r for records in results.values() for r in records if r.showdown]
    assert len(showdowns) == 50
    assert {r.status for r in showdowns} == {"verified"}


def test_collected_amounts_match_showdowns_tsv(results: dict[str, list[Result]], shared_histories: Path) -> None:
    with open(shared_histories / "showdowns.tsv", encoding="utf-8") as table:
        rows = list(csv.DictReader(table, delimiter="\t"))
    assert len(rows) == 85
    by_hand = {(name, r.hand_id): r for name, records in results.items() for r in records}
    checked = 0
    for row in rows:
        result = by_hand[(row["file"], row["hand_id"])]
        if result.status == "skipped":  # Badacey and Badeucey
            assert row["file"].startswith("KingsClub/Bad")
            continue
        player = next(p for p in result.players if p.name == row["player"])
        assert player.cards is not None
        assert sorted(player.cards.split()) == sorted(row["cards"].split())
        assert Decimal(player.collected or "0") == Decimal(row["collected_total"]), row
        assert player.expected == player.collected
        checked += 1
    assert checked == 80


_RANK = re.compile(r"(?<!\w)(10|[2-9AKQJT])(?!\w)")  # a rank on its own ("A", not the article "a")
_SIZE = re.compile(r"([1-4])-card|(badugi)|(one|two|three|four) cards", re.IGNORECASE)
_SIZES = {"one": 1, "two": 2, "three": 3, "four": 4}


def named_hand(words: str) -> tuple[int, tuple[str, ...]]:
    """The size and the ranks (as written, highest first) that a description names, written here for every
    wording at hand: ours ("3-card 5-4-2", "4-card badugi 9-6-4-3") and the sites' ("3-card: 6,4,3",
    "a 3-Card: 5, 4, 2", "Badugi, K-7-2-A", "Two Cards, 4-A")."""
    size = _SIZE.search(words)
    assert size is not None, words
    number, badugi, spelled = size.groups()
    count = int(number) if number else 4 if badugi else _SIZES[spelled.lower()]
    ranks = tuple(_RANK.findall(words[size.end() :]))
    assert len(ranks) == count, words
    return count, tuple("T" if rank == "10" else rank for rank in ranks)


def test_site_descriptions_equal_ours(results: dict[str, list[Result]]) -> None:
    described = [p for records in results.values() for r in records for p in r.players if p.site_description]
    assert len(described) > 80
    for player in described:
        assert player.site_description is not None
        assert player.description is not None, player
        assert named_hand(player.site_description) == named_hand(player.description), player


def test_non_badugi_hands_are_skipped(results: dict[str, list[Result]]) -> None:
    mixed = results["FTP/10Game-6max-USD-2.50-5.201104.Sample.txt"]
    skipped = [r for r in mixed if r.status == "skipped"]
    assert len(skipped) == 74
    assert Counter(r.game for r in skipped)["Limit Razz"] == 10
    for name in ("KingsClub/Badacey-Limit-USD-22-44-202101.txt", "KingsClub/Badeucey-Limit-USD-22-44-202101.txt"):
        (record,) = results[name]
        assert record.status == "skipped"
        assert record.reason is not None
        assert "Bad" in record.reason


def test_merge_hands_are_no_showdown_with_their_limits(results: dict[str, list[Result]]) -> None:
    (pot_limit,) = results["Merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt"]
    (half_pot,) = results["Merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"]
    assert (pot_limit.status, pot_limit.limit, half_pot.status, half_pot.limit) == (
        "no_showdown",
        "pot",
        "no_showdown",
        "half-pot",
    )
    # The winner's amount minus their own uncalled bet; the rake the site kept is named in the reason.
    assert [(p.name, p.collected) for p in pot_limit.players if p.collected != "0.00"] == [("Hero", "0.57")]
    assert pot_limit.reason == "rake not recorded: the site kept 0.03"
    assert half_pot.reason == "rake not recorded: the site kept 0.12"


def test_side_pot_hand_is_paid_per_pot_after_rake(results: dict[str, list[Result]]) -> None:
    first = results["Stars/Badugi-USD-0.25-0.50-201009.txt"][0]
    assert first.hand_id == "49164202872"
    assert first.status == "verified"
    paid = {p.name: (p.collected, p.expected) for p in first.players}
    assert paid["buddyboy3399"] == ("5.45", "5.45")
    jodarin = next(p for p in first.players if p.name == "jodarin")
    assert jodarin.cards == "Ad Td Qc 2s"
    assert jodarin.description == "3-card Q-2-A"


def test_jobs_keep_the_input_order(shared_histories: Path) -> None:
    one = [r.as_dict() for r in score_files([shared_histories])]
    two = [r.as_dict() for r in score_files([shared_histories], jobs=2)]
    assert one == two
