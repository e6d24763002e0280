"""badugi report without a browser: what the page says (read back with the standard library's HTML parser), that
it loads nothing from anywhere, that the same run writes the same page, and its sessions."""

from __future__ import annotations

import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("matplotlib")

from text_counts import hands_of, text_net

from badugi_fast.cli import main
from badugi_fast.report.gather import Played
from badugi_fast.report.summary import results_of

_TAMPERED = {"buddyboy3399 collected $2.90 from main pot": "buddyboy3399 collected $3.00 from main pot"}


class _Page(HTMLParser):
    """The text of each element with an id, every tag's name, and every URL an attribute names."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}
        self.tags: list[str] = []
        self.urls: list[str] = []
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]
        if tag not in ("br", "meta", "link", "img", "input", "path", "use"):
            self._open.append(found.get("id"))
            if found.get("id"):
                self.texts[str(found["id"])] = ""

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag not in ("br", "meta", "link", "img", "input", "path", "use"):
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for name in self._open:
            if name:
                self.texts[name] += data


def tampered_file(shared_histories: Path, folder: Path) -> Path:
    """The real PokerStars cash-game file with one payout changed by hand: the hand it is in must be listed."""
    text = (shared_histories / "Stars" / "Badugi-USD-0.25-0.50-201009.txt").read_text()
    for before, after in _TAMPERED.items():
        assert before in text
        text = text.replace(before, after)
    path = folder / "tampered.txt"
    path.write_text(text)
    return path


def report(paths: list[Path], out: Path, *options: str) -> str:
    """The page ``badugi report`` writes (it exits 1 when a hand went wrong, as ``badugi score`` does)."""
    assert main(["report", *map(str, paths), "-o", str(out), "-q", *options]) in (0, 1)
    return out.read_text()


def test_the_page_lists_the_tampered_hand_and_the_heros_net(shared_histories: Path, tmp_path: Path) -> None:
    tampered = tampered_file(shared_histories, tmp_path)
    page = report([tampered], tmp_path / "report.html")
    parsed = _Page()
    parsed.feed(page)
    assert parsed.texts["mismatches"] == "1"
    assert "#49164202872" in parsed.texts["wrong-list"]  # the hand whose payout was changed
    assert "buddyboy3399 collected 5.55, expected 5.45" in page  # main and side pot: 3.00 + 2.55
    assert "buddyboy3399 collected $3.00 from main pot" in page  # the hand's own text
    nets: dict[str, Decimal] = {}
    for lines in hands_of(tampered.read_text()):
        for name, net in text_net(lines).items():
            nets[name] = nets.get(name, Decimal(0)) + net
    assert parsed.texts["hero"] == "Hero"
    assert Decimal(parsed.texts["hero-net"]) == nets["Hero"]
    assert "svg" in parsed.tags
    assert parsed.urls == ["#hand-1", "#run"]  # links inside the page only: nothing to fetch


def test_player_and_same_page_twice(shared_histories: Path, tmp_path: Path) -> None:
    files = sorted((shared_histories / "Stars").glob("*.txt"))
    first = report(files, tmp_path / "a.html", "--player", "Player6")
    assert first == report(files, tmp_path / "b.html", "--player", "Player6")
    parsed = _Page()
    parsed.feed(first)
    assert parsed.texts["hero"] == "Player6"
    assert "https://" not in first
    assert "http://" not in first.replace("http://www.w3.org/", "")
    assert re.search(r"<script[^>]+src", first) is None


def test_report_refuses_records_and_two_players(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    records.write_text("")
    assert main(["report", str(records), "-o", str(tmp_path / "x.html")]) == 2
    assert main(["report", "-o", str(tmp_path / "x.html"), "--player", "a", "--player", "b"]) == 2


def _hand(started: str | None, net: int) -> Played:
    return Played("Hero", started, net, 50, "fixed", "0.50/1.00", "USD")


def test_a_gap_of_thirty_minutes_starts_a_session() -> None:
    hands = [
        _hand("2026-01-01 10:00:00", 100),
        _hand("2026-01-01 10:29:59", -50),  # 29:59 after: the same session
        _hand("2026-01-01 10:59:59", 25),  # 30:00 after: a new one
        _hand(None, 1000),  # no time: in no session, but in the net
    ]
    results = results_of(hands)
    assert results is not None
    assert [(line.hands, line.net) for line in results.sessions] == [(2, "0.50"), (1, "0.25")]
    assert results.net == "10.75"
    assert results.money == [100, 50, 75, 1075]
    assert results.big_blinds == [2.0, 1.0, 1.5, 21.5]


def test_report_on_dask_is_the_same_page(shared_histories: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    files = [tampered_file(shared_histories, tmp_path), shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"]
    here = report(files, tmp_path / "here.html")
    assert report(files, tmp_path / "dask.html", "--dask", "local", "--jobs", "2") == here
    assert report(files, tmp_path / "jobs.html", "--jobs", "2") == here
