"""badugi report without a browser: what the page says (read back with the standard library's HTML parser), that
it loads nothing from anywhere, that the same run writes the same page, and its sessions."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("matplotlib")

from text_counts import hands_of, text_net

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game.simulate import simulate
from badugi_fast.report.gather import Played
from badugi_fast.report.replay import replay
from badugi_fast.report.summary import results_of
from badugi_fast.rules.engine import TableRules

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
    assert parsed.texts["currency-1"] == "USD"
    assert Decimal(parsed.texts["net-1"]) == nets["Hero"]
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
    (results,) = results_of(hands)
    assert [(line.label, line.hands, line.net) for line in results.sessions] == [
        ("2026-01-01 10:00:00 to 2026-01-01 10:29:59", 2, "0.50"),
        ("2026-01-01 10:59:59 to 2026-01-01 10:59:59", 1, "0.25"),
    ]
    assert results.net == "10.75"
    assert results.money == [100, 50, 75, 1075]
    assert results.big_blinds == [2.0, 1.0, 1.5, 21.5]


def test_report_on_dask_is_the_same_page(shared_histories: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    files = [tampered_file(shared_histories, tmp_path), shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"]
    here = report(files, tmp_path / "here.html")
    assert report(files, tmp_path / "dask.html", "--dask", "local", "--jobs", "2") == here
    assert report(files, tmp_path / "jobs.html", "--jobs", "2") == here


def _played(currency: str, limit: str, stakes: str, net: int, big_blind: int) -> Played:
    return Played("Hero", "2026-01-01 10:00:00", net, big_blind, limit, stakes, currency)


def test_results_per_currency_and_stakes_by_size() -> None:
    hands = [
        _played("USD", "fixed", "100/200", 10000, 10000),
        _played("chips", "no", "10/20", 1500, 2000),
        _played("USD", "fixed", "20/40", -2000, 2000),
        _played("USD", "no", "20/40", 4000, 4000),
        _played("?", "fixed", "0.50/1.00", 50, 50),
        _played("USD", "fixed", "20/40", -1000, 2000),
    ]
    usd, *others = results_of(hands)
    assert (usd.currency, usd.hands, usd.net) == ("USD", 4, "110.00")
    assert sorted((item.currency, item.net) for item in others) == [("?", "0.50"), ("chips", "15")]
    assert [line.label for line in usd.by_stakes] == ["fixed 20/40", "no 20/40", "fixed 100/200"]
    twenty = usd.by_stakes[0]
    assert (twenty.net_bb, twenty.bb_per_100, twenty.big_bets_per_100) == (-1.5, -75.0, -37.5)
    assert usd.by_stakes[1].big_bets_per_100 is None  # no limit: no big bets
    assert usd.overall.big_bets_per_100 == round(100 * (1 - 1 - 0.5) / 2 / 3, 2)


def test_a_report_of_nothing_is_not_written(
    shared_histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "nobody.html"
    assert main(["report", str(shared_histories / "Stars"), "-o", str(page), "--player", "Nobody"]) == 1
    assert not page.exists()
    assert "badugi report: no hand matches --player Nobody" in capsys.readouterr().err
    assert main(["report", str(shared_histories / "Stars"), "-o", str(page), "--player", "hero"]) == 1
    assert "did you mean Hero?" in capsys.readouterr().err
    assert main(["report", str(shared_histories / "Stars"), "-o", str(page), "--since", "2010-13-01"]) == 2


def test_the_headline_is_per_currency(shared_histories: Path, tmp_path: Path) -> None:
    """Hero plays in dollars at PokerStars and at sites that write only "$", and in euros (simulated hands): each
    currency its own line, its own chart and tables, never one sum."""
    euros = tmp_path / "euros.txt"
    with euros.open("w") as written:
        write_histories(simulate(60, 3, TableRules(25, 50), seed=3), written, currency="EUR")
    euros.write_text(euros.read_text().replace("Player1", "Hero"))
    files = [shared_histories / "Stars", shared_histories / "FTP", shared_histories / "Merge", euros]
    parsed = _Page()
    parsed.feed(report(files, tmp_path / "all.html", "--player", "Hero"))
    currencies = [parsed.texts[f"currency-{at}"] for at in range(1, 10) if f"currency-{at}" in parsed.texts]
    assert len(currencies) == len(set(currencies)) >= 2
    stats: dict[str, Decimal] = {}
    for path in files:
        out = tmp_path / f"{path.name}.jsonl"
        assert main(["stats", str(path), "--player", "Hero", "-o", str(out), "-q"]) == 0
        for line in out.read_text().splitlines():
            item = json.loads(line)
            stats[item["currency"]] = stats.get(item["currency"], Decimal(0)) + Decimal(item["net"])
    assert {
        parsed.texts[f"currency-{at}"]: Decimal(parsed.texts[f"net-{at}"]) for at in range(1, len(currencies) + 1)
    } == stats


def test_the_pots_replayed_are_the_biggest_won_and_lost(tmp_path: Path) -> None:
    """Simulated hands (Player1 is dealt face up): the page replays the five hands Player1 won most in and the five
    they lost most in (ties in the order of the file), each step by step to its payout, at the pot its text
    writes."""
    path = tmp_path / "sim.txt"
    with path.open("w") as out:
        write_histories(simulate(300, 4, TableRules(25, 50), seed=8), out, currency="USD")
    nets = []
    for at, lines in enumerate(hands_of(path.read_text())):
        number = re.search(r"#(\d+):", lines[0])
        assert number is not None
        nets.append((text_net(lines).get("Player1", Decimal(0)), at, number.group(1), lines))
    won = sorted((item for item in nets if item[0] > 0), key=lambda item: (-item[0], item[1]))[:5]
    lost = sorted((item for item in nets if item[0] < 0), key=lambda item: (item[0], item[1]))[:5]
    page = report([path], tmp_path / "page.html", "--jobs", "2")
    labels = re.findall(r'id="replay-\d+" tabindex="0" aria-label="hand (\d+), (won|lost) ([\d.]+) USD', page)
    assert [(hand_id, Decimal(amount) * (1 if verb == "won" else -1)) for hand_id, verb, amount in labels] == [
        (hand_id, net) for net, _, hand_id, _ in won + lost
    ]
    for _, _, hand_id, lines in won + lost:
        replayed = replay("\n".join(lines))
        assert replayed is not None
        text = "\n".join(lines)
        total = re.search(r"^Total pot \$([\d.]+)", text, re.M)
        assert total is not None
        assert Decimal(replayed.steps[-1].pot) == Decimal(total.group(1))  # the rake is taken from the pot after
        draws = [step for step in replayed.steps if step.round.startswith("the ")]
        assert len(draws) == len(re.findall(r": (?:discards|stands pat)", text)), hand_id
        actions = re.findall(r"^\S+: (?:posts|bets|calls|raises|checks|folds)", text, re.M)
        assert len([step for step in replayed.steps if step.round.startswith(("before", "after"))]) == len(actions) + 1


def test_the_followed_players_tournaments_and_roi(shared_histories: Path, tmp_path: Path) -> None:
    """The SNG's hero finished 3rd and received $1.60 for $1.00+$0.20: the page's tournament line and ROI are the
    file's words, the same as badugi stats --tournaments reads them."""
    sng = shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"
    page = report([sng], tmp_path / "sng.html", "--player", "Player5", "--jobs", "2")
    parsed = _Page()
    parsed.feed(page)
    table = page[page.index('id="tournament-table"') :]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", table[: table.index("</table>")])
    assert cells == ["PokerStars #330855877", "1.00", "0.20", "USD", "3", "1.60", "0.40"]
    assert "ROI 33.3%" in " ".join(parsed.texts["tournament-summary"].split())
    out = tmp_path / "t.jsonl"
    assert main(["stats", str(sng), "--tournaments", "--player", "Player5", "-o", str(out)]) == 0
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert [str(row[name]) for name in ("buy_in", "fee", "currency", "place", "prize", "net")] == cells[-6:]


def test_the_pots_replayed_are_the_followed_players_only(shared_histories: Path, tmp_path: Path) -> None:
    """Two heroes (Hero in the cash file, Player5 in the SNG): the page follows the hero of the most hands and
    replays only their pots; asked for Hero, only Hero's (who lost the two pots he played on)."""
    files = [shared_histories / "Stars"]
    page = report(files, tmp_path / "all.html")
    assert set(re.findall(r"<h3>Hand #\d+: (\S+) (?:won|lost)", page)) == {"Player5"}
    hero = report(files, tmp_path / "hero.html", "--player", "Hero")
    cash = (shared_histories / "Stars" / "Badugi-USD-0.25-0.50-201009.txt").read_text(encoding="utf-8-sig")
    nets = [(text_net(lines).get("Hero", Decimal(0)), lines[0]) for lines in hands_of(cash)]
    played = sorted((net, re.findall(r"#(\d+):", first)[0]) for net, first in nets if net)
    assert played  # Hero won or lost in some hands
    won = [(hand_id, "won", str(net)) for net, hand_id in sorted(played, key=lambda item: -item[0]) if net > 0]
    lost = [(hand_id, "lost", str(-net)) for net, hand_id in played if net < 0]
    assert re.findall(r"<h3>Hand #(\d+): Hero (won|lost) ([\d.]+) USD", hero) == won[:5] + lost[:5]
