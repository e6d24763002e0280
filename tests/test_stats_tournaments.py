"""badugi stats --tournaments: each player's buy-in, fee, place, prize and net per tournament, read back exactly
from the real PokerStars tournament file (held to its own "finished the tournament" lines, read here), and from
crafted headers and finishes in the other forms PokerStars writes (a winner, euros, a bounty, a freeroll)."""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from badugi_fast.cli import main
from badugi_fast.history.sources import expand
from badugi_fast.stats.tournaments import read_tournaments, summaries, tournament_rows


def _rows(paths: list[Path], *options: str, status: int = 0) -> list[dict[str, Any]]:
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        assert main(["stats", *map(str, paths), "--tournaments", "--format", "jsonl", *options]) == status
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_real_tournament_reads_back_exactly(shared_histories: Path) -> None:
    path = shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"
    text = path.read_text(encoding="utf-8-sig")
    finishes = {
        name: (int(place), Decimal(prize or "0"))
        for name, place, prize in re.findall(
            r"^(\S+) finished the tournament in (\d+)\w\w place(?: and received \$(\d+\.\d\d))?", text, re.M
        )
    }
    seated = set(re.findall(r"^Seat \d: (\S+) \(\d+ in chips", text, re.M))
    assert finishes["Player5"] == (3, Decimal("1.60"))
    rows = _rows([shared_histories])  # every shared file: only this one is a tournament
    assert {item["player"] for item in rows} == seated
    for item in rows:
        assert (item["site"], item["tournament"], item["buy_in"], item["fee"], item["currency"]) == (
            "PokerStars",
            "330855877",
            "1.00",
            "0.20",
            "USD",
        )
        finish = finishes.get(item["player"])
        if finish is None:  # still playing when the file stops
            assert (item["place"], item["prize"], item["net"]) == (None, None, None)
        else:
            assert (item["place"], Decimal(item["prize"])) == finish
            assert Decimal(item["net"]) == finish[1] - Decimal("1.20")
    (hero,) = [item for item in summaries(rows) if item["player"] == "Player5"]
    assert (hero["net"], hero["roi"]) == ("0.40", round(0.40 / 1.20, 4))


_CRAFTED = """\
PokerStars Hand #1: Tournament #77, €2.50+€0.50+€0.25 EUR Badugi Limit - Level I (20/40) - 2026/01/01 10:00:00 ET
Table '77 1' 3-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cy (1500 in chips)
Cy finished the tournament in 3rd place
*** SUMMARY ***

PokerStars Hand #2: Tournament #77, €2.50+€0.50+€0.25 EUR Badugi Limit - Level I (20/40) - 2026/01/01 10:05:00 ET
Table '77 1' 3-max Seat #2 is the button
Seat 1: Ann (2000 in chips)
Seat 2: Bob (2500 in chips)
Bob finished the tournament in 2nd place and received €3.10.
Ann wins the tournament and receives €5.90 - congratulations!
*** SUMMARY ***

PokerStars Hand #3: Tournament #78, Freeroll  Badugi Limit - Level I (20/40) - 2026/01/02 10:00:00 ET
Table '78 1' 2-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Dee (1500 in chips)
Dee wins the tournament and receives $1.00 - congratulations!
Ann finished the tournament in 2nd place
"""


def test_crafted_finishes_buy_ins_and_roi(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "crafted.txt"
    path.write_text(_CRAFTED, encoding="utf-8")
    rows = tournament_rows(read_tournaments(expand([str(path)])))
    assert [
        (
            item["tournament"],
            item["player"],
            item["buy_in"],
            item["fee"],
            item["currency"],
            item["place"],
            item["prize"],
            item["net"],
        )
        for item in rows
    ] == [
        ("77", "Ann", "3.00", "0.25", "EUR", 1, "5.90", "2.65"),
        ("77", "Bob", "3.00", "0.25", "EUR", 2, "3.10", "-0.15"),
        ("77", "Cy", "3.00", "0.25", "EUR", 3, "0.00", "-3.25"),
        ("78", "Dee", None, None, None, 1, "1.00", "1.00"),
        ("78", "Ann", None, None, None, 2, "0.00", "0.00"),
    ]
    by_player = {(item["player"], item["currency"]): item for item in summaries(rows)}
    assert (by_player[("Ann", "EUR")]["roi"], by_player[("Ann", None)]["roi"]) == (round(2.65 / 3.25, 4), None)
    assert _rows([path], "--player", "Bob") == [rows[1]]
    assert _rows([path], "--player", "bob", status=1) == []
    assert "did you mean Bob?" in capsys.readouterr().err
    assert main(["stats", str(path), "--tournaments", "--since", "2026-01-02"]) == 2
    assert "--tournaments chooses by --player and --site only" in capsys.readouterr().err
    cash = tmp_path / "cash.txt"
    cash.write_text(_CRAFTED.replace("Tournament #", "Table #"), encoding="utf-8")
    assert main(["stats", str(cash), "--tournaments"]) == 1
    assert "no tournament hands in these files" in capsys.readouterr().err
    assert main(["stats", str(path), "--tournaments", "--format", "table"]) == 0
    table = capsys.readouterr().out
    assert re.search(r"^PokerStars Ann +EUR +1 +1 +3\.25 +5\.90 +2\.65 +81\.5%$", table, re.M)
