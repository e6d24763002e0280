"""badugi stats: the players' facts and statistics held to counters written here from the text alone, to the
simulator's own stacks, and to themselves (each way of adding up: in parts, in processes, on saved records)."""

from __future__ import annotations

import io
import json
import re
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import text_counts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from text_counts import hands_of, text_net, text_vpip_pfr

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import hand_text, write_histories
from badugi_fast.game.simulate import simulate
from badugi_fast.history.pipeline import score_file
from badugi_fast.rules.engine import TableRules
from badugi_fast.stats import Filters, Tally, row, tally_records
from badugi_fast.stats.export import csv_cell


def _stats(paths: list[str], *options: str, status: int = 0) -> list[dict[str, object]]:
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        assert main(["stats", *paths, "--format", "jsonl", "-q", *options]) == status
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _stars_files(shared_histories: Path) -> list[Path]:
    return sorted((shared_histories / "Stars").glob("*.txt"))


def _text_totals(files: list[Path]) -> tuple[dict[str, Decimal], Counter[str], Counter[str], Counter[str]]:
    nets: dict[str, Decimal] = defaultdict(Decimal)
    vpip: Counter[str] = Counter()
    pfr: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    for file in files:
        for lines in hands_of(file.read_text()):
            for name, net in text_net(lines).items():
                nets[name] += net
            for name, (voluntary, raised) in text_vpip_pfr(lines).items():
                vpip[name] += voluntary
                pfr[name] += raised
                hands[name] += 1
    return nets, vpip, pfr, hands


def test_net_vpip_and_pfr_agree_with_the_text_of_the_real_files(shared_histories: Path) -> None:
    files = _stars_files(shared_histories)
    rows = _stats([str(file) for file in files])
    nets, vpip, pfr, hands = _text_totals(files)
    assert rows
    assert {item["player"] for item in rows} == {name for name in hands}
    for item in rows:
        name = str(item["player"])
        assert Decimal(str(item["net"])) == nets[name], name
        assert item["hands"] == hands[name], name
        assert item["vpip"] == round(vpip[name] / hands[name], 4), name
        assert item["pfr"] == round(pfr[name] / hands[name], 4), name


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int], int]:
    """3,000 simulated hands with rake, in dollars; the engine's own net for each player and its total rake."""
    rules = TableRules(25, 50, rake_percent=5, rake_cap=100)
    played = list(simulate(3000, 6, rules, seed=11))
    nets: Counter[str] = Counter()
    for hand in played:
        state = hand.state
        for player, name in enumerate(hand.names):
            nets[name] += state.stacks[player] - state.starting_stacks[player]
    rake = sum(hand.state.result.rake for hand in played if hand.state.result is not None)
    path = tmp_path_factory.mktemp("simulated") / "sim.txt"
    with path.open("w") as out:
        write_histories(played, out, currency="USD")
    return path, dict(nets), rake


def test_net_agrees_with_the_engine_and_the_text_on_simulated_hands(
    simulated: tuple[Path, dict[str, int], int],
) -> None:
    path, engine_nets, rake = simulated
    rows = _stats([str(path)])
    text_nets, vpip, pfr, hands = _text_totals([path])
    assert {item["player"]: Decimal(str(item["net"])) for item in rows} == {
        name: Decimal(cents) / 100 for name, cents in engine_nets.items()
    }
    assert {name: net for name, net in text_nets.items()} == {
        item["player"]: Decimal(str(item["net"])) for item in rows
    }
    assert sum(Decimal(str(item["rake"])) for item in rows) == pytest.approx(Decimal(rake) / 100, abs=Decimal("0.03"))
    for item in rows:
        name = str(item["player"])
        assert (item["hands"], item["vpip"], item["pfr"]) == (
            hands[name],
            round(vpip[name] / hands[name], 4),
            round(pfr[name] / hands[name], 4),
        )
    heroes = [item for item in rows if item["hero"]]
    assert [item["player"] for item in heroes] == ["Player1"]  # the writer deals Player1's cards face up


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), percent=st.sampled_from([0, 3, 5, 10]))
def test_net_and_rake_of_a_hand_add_up_to_nothing(seed: int, players: int, percent: int) -> None:
    rules = TableRules(10, 20, rake_percent=percent, rake_cap=60)
    for played in simulate(3, players, rules, seed=seed):
        text = hand_text(played, currency="USD")
        (result,) = score_file(text)
        assert result.status in ("verified", "no_showdown"), result.reason
        found = re.search(r"Rake \$([\d.]+)", text)
        site_rake = Decimal(found.group(1)) if found else Decimal(0)
        assert sum(Decimal(player.net or "0") for player in result.players) + site_rake == 0
        engine = played.state
        assert {p.name: Decimal(p.net or "0") for p in result.players} == {
            name: Decimal(engine.stacks[seat] - engine.starting_stacks[seat]) / 100
            for seat, name in enumerate(played.names)
        }
        assert [p.name for p in result.players if p.position is not None] == list(played.names)


def test_every_way_of_adding_up_agrees(simulated: tuple[Path, dict[str, int], int], tmp_path: Path) -> None:
    path, _, _ = simulated
    alone = _stats([str(path)])
    assert _stats([str(path)], "--jobs", "2") == alone
    records = tmp_path / "sim.jsonl"
    assert main(["score", str(path), "-o", str(records), "-q"]) == 1 - 1
    assert _stats([str(records)]) == alone
    parquet = tmp_path / "sim.parquet"
    assert main(["score", str(path), "--format", "parquet", "-o", str(parquet), "-q"]) == 0
    assert _stats([str(parquet)]) == alone
    # the Arrow sums and the record-by-record sums of the same records
    by_records = Tally()
    with records.open() as lines:
        by_records.add_results((json.loads(line) for line in lines), Filters(), items=True)
    by_arrow = tally_records([str(records)], Filters())
    assert {key: row(key, sums) for key, sums in by_records.rows.items()} == {
        key: row(key, sums) for key, sums in by_arrow.rows.items()
    }


def test_filters_and_players(simulated: tuple[Path, dict[str, int], int]) -> None:
    path, _, _ = simulated
    everyone = _stats([str(path)])
    chosen = _stats([str(path)], "--player", "Player2", "--player", "Player3")
    assert [item["player"] for item in chosen] == [
        item["player"] for item in everyone if item["player"] in ("Player2", "Player3")
    ]
    assert chosen == [item for item in everyone if item["player"] in ("Player2", "Player3")]
    assert _stats([str(path)], "--stakes", "0.25/0.50", status=1) == []
    assert _stats([str(path)], "--stakes", "0.50/1.00") == everyone  # fixed limit: the small and big bet
    assert _stats([str(path)], "--limit", "no", status=1) == []
    assert _stats([str(path)], "--since", "2100-01-01", status=1) == []
    assert _stats([str(path)], "--until", "2100-01-01") == everyone


def test_formats(
    simulated: tuple[Path, dict[str, int], int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = simulated
    assert main(["stats", str(path), "--format", "table"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:4] == ["player", "site", "cur", "hands"]
    assert any(line.startswith("* Player1") for line in table)
    assert main(["stats", str(path), "--format", "csv"]) == 0
    csv_lines = capsys.readouterr().out.splitlines()
    assert csv_lines[0].startswith("player,site,currency,hero,hands,net,net_bb,bb_per_100,rake,")
    assert len(csv_lines) == 7
    out = tmp_path / "stats.parquet"
    assert main(["stats", str(path), "--format", "parquet", "-o", str(out)]) == 0
    import pyarrow.parquet as pq

    assert pq.read_table(out).num_rows == 6
    assert main(["stats", str(path), "--per-hand", "--player", "Player1"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("file,index,hand_id,site,game,limit,status,started,")
    assert len(rows) == 1 + 3000
    with pytest.raises(SystemExit):
        main(["stats", str(path), "--format", "xml"])
    assert main(["stats", str(path), "--since", "yesterday"]) == 2


def test_stats_on_dask_equal_stats_here(simulated: tuple[Path, dict[str, int], int]) -> None:
    pytest.importorskip("distributed")
    path, _, _ = simulated
    assert _stats([str(path)], "--dask", "local", "--jobs", "2") == _stats([str(path)])


def test_records_that_are_not_records_are_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"file": "x", "index": 0}\nnot json\n')
    assert main(["stats", str(bad)]) == 2
    assert f"{bad}: not the records of badugi score" in capsys.readouterr().err


def test_csv_cells_a_spreadsheet_would_run_get_a_quote() -> None:
    assert [csv_cell(value) for value in ("=HYPERLINK()", "@x", "-1.25", "-x", True, None, 3)] == [
        "'=HYPERLINK()",
        "'@x",
        "-1.25",
        "'-x",
        1,
        "",
        3,
    ]


@pytest.mark.parametrize(
    ("site", "hands_of_text", "net_of", "players"),
    [
        ("FTP", text_counts.full_tilt_hands, text_counts.full_tilt_net, 40),
        ("KingsClub", text_counts.kingsclub_hands, text_counts.kingsclub_net, 3),
    ],
)
def test_net_agrees_with_the_text_of_the_other_sites_real_files(
    shared_histories: Path, site: str, hands_of_text: Any, net_of: Any, players: int
) -> None:
    """Every player's net won in every Badugi hand of the real Full Tilt and KingsClub files, as the scored record
    says it, against a counter that reads the text alone (KingsClub's summary writes each player's net)."""
    compared = 0
    for file in sorted((shared_histories / site).glob("*.txt")):
        data = file.read_bytes()
        utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")  # one such file ends in half a character
        text = data.decode("utf-16", errors="replace") if utf16 else data.decode("utf-8-sig")
        hands = hands_of_text(text)
        for result in score_file(file):
            if result.game != "Badugi" or result.status not in ("verified", "no_showdown"):
                continue
            net = net_of(hands[result.hand_id])
            for player in result.players:
                assert Decimal(str(player.net)) == net[player.name], (file.name, result.hand_id, player.name)
                compared += 1
    assert compared >= players  # every player of every Badugi hand the files hold
