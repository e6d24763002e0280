"""badugi stats' rows: every ratio with the counts it is made of (added up again across rows), the rows by
position, stakes, month and session held to counters written here from the text alone, the terminal's tables, and
the filters that match nothing (exit 1, the nearest value named) or cannot (an impossible date: exit 2)."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from text_counts import hands_of, text_net, text_vpip_pfr

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import hand_text, write_histories
from badugi_fast.game.simulate import simulate
from badugi_fast.rules.engine import TableRules
from badugi_fast.stats.definitions import COUNTS, RATIOS
from badugi_fast.stats.groups import group_order, position_name

_SUMMED = ("hands", "showdowns", "showdowns_won")


def _stats(paths: list[Path], *options: str, status: int = 0) -> list[dict[str, Any]]:
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        assert main(["stats", *map(str, paths), "--format", "jsonl", "-q", *options]) == status
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.fixture(scope="module")
def six_handed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rows") / "six.txt"
    with path.open("w") as out:
        write_histories(simulate(600, 6, TableRules(25, 50), seed=21), out, currency="USD")
    return path


def test_every_ratio_comes_with_its_count_and_opportunities(six_handed: Path) -> None:
    rows = _stats([six_handed])
    vpip: Counter[str] = Counter()
    for lines in hands_of(six_handed.read_text()):
        for name, (voluntary, _) in text_vpip_pfr(lines).items():
            vpip[name] += voluntary
    for item in rows:
        for ratio in RATIOS:
            count, chances = item[f"{ratio.name}_count"], item[f"{ratio.name}_opportunities"]
            assert isinstance(count, int), ratio.name
            assert isinstance(chances, int), ratio.name
            assert item[ratio.name] == (round(count / chances, 4) if chances else None), ratio.name
        assert item["vpip_count"] == vpip[str(item["player"])]
        assert item["vpip_opportunities"] == item["hands"]
        assert item["wsd_count"] == item["showdowns_won"]
        assert item["wsd_opportunities"] == item["showdowns"]
        assert (
            sum(int(item[f"draw1_{kind}_count"]) for kind in ("pat", "1", "2", "3", "4"))
            == item["draw1_pat_opportunities"]
        )
    assert len({count.name for count in COUNTS}) == len(COUNTS)


def test_csv_and_parquet_carry_the_counts_as_integers(six_handed: Path, tmp_path: Path) -> None:
    rows = _stats([six_handed])
    out = tmp_path / "rows.csv"
    assert main(["stats", str(six_handed), "--format", "csv", "-o", str(out)]) == 0
    with out.open() as lines:
        table = list(csv.DictReader(lines))
    assert [int(item["three_bet_count"]) for item in table] == [item["three_bet_count"] for item in rows]
    import pyarrow.parquet as pq

    parquet = tmp_path / "rows.parquet"
    assert main(["stats", str(six_handed), "--format", "parquet", "-o", str(parquet)]) == 0
    read = pq.read_table(parquet)
    assert str(read.schema.field("aggression_count").type) == "int64"
    assert read.to_pylist() == rows
    assert main(["stats", str(six_handed), "--format", "csv", "--by", "stakes", "-o", str(out)]) == 0
    assert out.read_text().startswith("player,site,currency,limit,stakes,hero,hands,net,")


def _button_and_blinds(text: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """From the text alone: how many hands each player was on the button, in the small blind, in the big blind."""
    button: Counter[str] = Counter()
    small: Counter[str] = Counter()
    big: Counter[str] = Counter()
    for lines in hands_of(text):
        seat = re.search(r"Seat #(\d+) is the button", "\n".join(lines))
        assert seat is not None
        names = dict(re.findall(r"^Seat (\d+): (\S+) \(", "\n".join(lines), re.M))
        button[names[seat.group(1)]] += 1
        for line in lines:
            if ": posts small blind " in line:
                small[line.split(":")[0]] += 1
            elif ": posts big blind " in line:
                big[line.split(":")[0]] += 1
    return button, small, big


@pytest.mark.parametrize("players", [6, 2])
def test_rows_by_position_are_the_seats_the_text_names(players: int, tmp_path: Path) -> None:
    path = tmp_path / "table.txt"
    hands = simulate(300, players, TableRules(25, 50), seed=players)
    path.write_text("".join(hand_text(hand, currency="USD") + "\n\n" for hand in hands))
    by_player = {item["player"]: item for item in _stats([path])}
    rows = _stats([path], "--by", "position")
    button, small, big = _button_and_blinds(path.read_text())
    assert {item["position"] for item in rows} == (
        {"SB", "BB", "UTG", "HJ", "CO", "BTN"} if players == 6 else {"BB", "BTN"}
    )
    for item in rows:
        name = str(item["player"])
        expected = {"BTN": button, "SB": small, "BB": big}.get(str(item["position"]))
        if expected is not None:
            assert item["hands"] == expected[name], (name, item["position"])
    if players == 2:
        assert button == small  # heads-up, the button posts the small blind
    added: dict[str, Counter[str]] = defaultdict(Counter)
    for item in rows:
        for field, value in item.items():
            if field.endswith(("_count", "_opportunities")) or field in _SUMMED:
                added[str(item["player"])][field] += int(value)
        added[str(item["player"])]["net_cents"] += round(float(str(item["net"])) * 100)
    for name, whole in by_player.items():
        assert added[name]["net_cents"] == round(float(str(whole["net"])) * 100)
        for field, value in whole.items():
            if field.endswith(("_count", "_opportunities")) or field in _SUMMED:
                assert added[name][field] == value, (name, field)


def test_position_names() -> None:
    assert [position_name(at, 9) for at in range(9)] == [
        "SB",
        "BB",
        "UTG",
        "UTG+1",
        "UTG+2",
        "LJ",
        "HJ",
        "CO",
        "BTN",
    ]
    assert [position_name(at, 3) for at in range(3)] == ["SB", "BB", "BTN"]
    assert [position_name(at, 4) for at in range(4)] == ["SB", "BB", "UTG", "BTN"]
    assert [position_name(at, 5) for at in range(5)] == ["SB", "BB", "UTG", "CO", "BTN"]


def test_rows_by_stakes_in_order_of_size(tmp_path: Path) -> None:
    paths = []
    for at, (small, big) in enumerate(((5000, 10000), (1000, 2000), (25, 50))):
        paths.append(tmp_path / f"stakes{at}.txt")
        with paths[-1].open("w") as out:
            write_histories(simulate(40, 3, TableRules(small, big), seed=at), out, currency="USD")
    rows = _stats(paths, "--by", "stakes", "--player", "Player1")
    assert [(item["limit"], item["stakes"]) for item in rows] == [
        ("fixed", "0.50/1.00"),
        ("fixed", "20.00/40.00"),
        ("fixed", "100.00/200.00"),
    ]
    assert [item["hands"] for item in rows] == [40, 40, 40]
    groups = ["no 100/200", "fixed 20/40", "no 2/4", "fixed ?"]
    assert sorted(groups, key=lambda group: group_order("stakes", group)) == [
        "fixed ?",
        "no 2/4",
        "fixed 20/40",
        "no 100/200",
    ]


def _timed(tmp_path: Path, starts: list[datetime.datetime]) -> Path:
    """Simulated hands that start at ``starts``."""
    path = tmp_path / "timed.txt"
    texts = []
    for hand, start in zip(simulate(len(starts), 3, TableRules(25, 50), seed=5), starts, strict=True):
        text = hand_text(hand, currency="USD")
        texts.append(re.sub(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET", f"{start:%Y/%m/%d %H:%M:%S} ET", text, count=1))
    path.write_text("\n\n".join(texts) + "\n")
    return path


def test_rows_by_session_and_month(tmp_path: Path) -> None:
    first = datetime.datetime(2026, 1, 31, 23, 10, 5)
    steps = [0, 60, 29 * 60 + 59, 30 * 60, 60, 45 * 60, 1, 1, 2 * 3600]  # a gap of 30 minutes starts a session
    starts = []
    for step in steps:
        first += datetime.timedelta(seconds=step)
        starts.append(first)
    path = _timed(tmp_path, starts)
    sessions: list[list[datetime.datetime]] = []
    for start in starts:  # the rule, written here
        if sessions and start - sessions[-1][-1] < datetime.timedelta(minutes=30):
            sessions[-1].append(start)
        else:
            sessions.append([start])
    rows = _stats([path], "--by", "session", "--player", "Player1", "--jobs", "2")
    assert [(item["session"], item["hands"]) for item in rows] == [
        (f"{run[0]} to {run[-1]}", len(run)) for run in sessions
    ]
    assert len(rows) == 4
    months = _stats([path], "--by", "month", "--player", "Player1")
    assert [(item["month"], item["hands"]) for item in months] == [
        (month, sum(start.strftime("%Y-%m") == month for start in starts)) for month in ("2026-01", "2026-02")
    ]
    records = tmp_path / "timed.parquet"
    assert main(["score", str(path), "--format", "parquet", "-o", str(records), "-q"]) == 0
    assert _stats([records], "--by", "session", "--player", "Player1") == rows
    for by in ("position", "stakes", "month"):
        assert _stats([records], "--by", by) == _stats([path], "--by", by), by


def test_the_terminal_shows_the_draws(six_handed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(six_handed), "--format", "table", "--player", "Player1"]) == 0
    results, draws = capsys.readouterr().out.strip().split("\n\n")
    assert draws.splitlines()[0].split()[:7] == ["player", "site", "cur", "hands", "1:pat", "1:1", "1:2"]
    (item,) = _stats([six_handed], "--player", "Player1")
    assert draws.splitlines()[1].split()[5] == f"{item['draw1_pat']:.0%}"
    assert results.splitlines()[1].split()[6] == f"{item['bb_per_100']:.2f}"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--player", "player1"], "no hand matches --player player1: did you mean Player1?"),
        (["--site", "pokerstars"], "no hand matches --site pokerstars: did you mean PokerStars?"),
        (["--stakes", "1-2"], "no hand matches --stakes 1-2: the hands have 0.50/1.00"),
        (["--since", "2030-01-01"], "no hand from --since 2030-01-01 on: the hands are from 2026-01-01 to 2026-01-01"),
        (
            ["--player", "Player1", "--until", "2020-01-01"],
            "no hand up to --until 2020-01-01: the hands are from 2026-01-01 to 2026-01-01",
        ),
    ],
)
def test_a_filter_that_matches_nothing_says_what_there_is(
    six_handed: Path, capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert main(["stats", str(six_handed), "--format", "jsonl", *options]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"badugi stats: {said}" in captured.err


def test_an_impossible_date_is_an_error(six_handed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(six_handed), "--since", "2010-13-01"]) == 2
    assert "--since 2010-13-01: no such day" in capsys.readouterr().err
    assert main(["stats", str(six_handed), "--until", "2011-02-29"]) == 2


def test_the_real_files_by_position_add_up_to_the_players(shared_histories: Path) -> None:
    folder = shared_histories / "Stars"
    whole = {(item["player"], item["currency"]): item for item in _stats([folder])}
    added: Counter[tuple[object, object]] = Counter()
    for item in _stats([folder], "--by", "position"):
        assert item["position"] in ("SB", "BB", "UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"), item["position"]
        added[(item["player"], item["currency"])] += int(str(item["hands"]))
    assert added == Counter({key: int(str(item["hands"])) for key, item in whole.items()})
    assert _stats([shared_histories], "--player", "hero", status=1) == []


def test_money_is_never_added_across_currencies(tmp_path: Path) -> None:
    """The same players in dollars and in a history that names no currency: a row for each currency, each the net
    of its own file's text alone, in every format."""
    paths = {}
    for currency, seed in (("USD", 1), (None, 2)):
        paths[currency] = tmp_path / f"{currency}.txt"
        with paths[currency].open("w") as out:
            write_histories(simulate(50, 3, TableRules(25, 50), seed=seed), out, currency=currency)
    rows = _stats(list(paths.values()))
    assert {item["currency"] for item in rows} == {"USD", "?"}
    for currency, path in paths.items():
        nets: Counter[str] = Counter()
        for lines in hands_of(path.read_text()):
            for name, net in text_net(lines).items():
                nets[name] += round(net * 100)
        mine = {
            item["player"]: round(Decimal(item["net"]) * 100) for item in rows if item["currency"] == (currency or "?")
        }
        assert mine == dict(nets), currency


@pytest.mark.parametrize("by", ["player", "position", "stakes", "month", "session"])
def test_every_row_of_the_real_files_is_the_same_from_saved_records(
    shared_histories: Path, tmp_path: Path, by: str
) -> None:
    """The Arrow sums of the saved records and the tally of the histories, row by row, on every site's real files."""
    records = tmp_path / "real.parquet"
    assert main(["score", str(shared_histories), "--format", "parquet", "-o", str(records), "-q"]) in (0, 1)
    rows = _stats([shared_histories], "--by", by)
    assert rows
    assert _stats([records], "--by", by) == rows
