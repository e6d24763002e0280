"""badugi report in a real browser: Debian's chromium, headless, renders the page, runs its script and gives back
the DOM; the test reads it as a person would (the tampered hands listed by number, the hero's net as the raw text
has it, a chart) and reads chromium's log for console messages (there must be none). Without chromium the tests
skip, saying so; in CI (``CI`` set: .ci/run installs chromium) they fail instead (the ``chromium`` fixture of
conftest.py)."""

from __future__ import annotations

import re
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("matplotlib")

from test_report import _Page, report, tampered_file
from text_counts import hands_of, text_net


def rendered(chromium: str, page: Path) -> tuple[str, list[str]]:
    """The DOM of ``page`` after its scripts ran, and chromium's console lines."""
    done = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout, [line for line in done.stderr.splitlines() if ":CONSOLE" in line]


def test_the_console_is_read(chromium: str, tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text('<p id="x">before</p><script>document.getElementById("x").textContent = "after"; oops();</script>')
    dom, console = rendered(chromium, page)
    assert '<p id="x">after</p>' in dom
    assert any("oops is not defined" in line for line in console)


def test_the_report_in_a_browser(chromium: str, shared_histories: Path, tmp_path: Path) -> None:
    tampered = tampered_file(shared_histories, tmp_path)
    page = tmp_path / "report.html"
    report([tampered, shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"], page, "--player", "Hero")
    dom, console = rendered(chromium, page)
    assert console == []
    parsed = _Page()
    parsed.feed(dom)
    assert parsed.texts["mismatches"] == "1"
    assert [line.strip() for line in parsed.texts["wrong-list"].strip().splitlines()] == [
        "hand #49164202872 (" + str(tampered) + ", hand 0): mismatch"
    ]
    net = sum((text_net(lines).get("Hero", Decimal(0)) for lines in hands_of(tampered.read_text())), Decimal(0))
    assert (parsed.texts["hero"], parsed.texts["currency-1"], Decimal(parsed.texts["net-1"])) == ("Hero", "USD", net)
    assert "svg" in parsed.tags
    assert dom.count("<path") > 10
    assert "net won (USD)" in parsed.texts["net-chart-1"]


def test_the_players_table_fits_1280_pixels(chromium: str, shared_histories: Path, tmp_path: Path) -> None:
    """Every real file's players (long Full Tilt names among them) in a window 1280 pixels wide: the table is no
    wider than its box (no scroll bar), measured by the browser after layout."""
    page = tmp_path / "report.html"
    report([shared_histories], page, "--player", "Hero")
    measured = tmp_path / "measured.html"
    measure = (
        '<script>var box = document.getElementById("players-box");'
        'document.body.dataset.fits = box.scrollWidth <= box.clientWidth ? "yes" : "no " + box.scrollWidth;'
        "</script></body>"
    )
    measured.write_text(page.read_text().replace("</body>", measure))
    done = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1280,900",
            "--dump-dom",
            measured.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert 'data-fits="yes"' in done.stdout


def test_the_biggest_pots_step_by_step_with_the_keyboard(chromium: str, shared_histories: Path, tmp_path: Path) -> None:
    """The SNG's hero (Player5): their biggest pot won, replayed by key presses in chromium: one step shown at a
    time, the arrow keys and End move it, the cards and the pot follow; the last step's pot is the total pot the
    hand's text writes, and its payout is the text's."""
    sng = shared_histories / "Stars" / "LBad-USD-SNG8-201011.txt"
    page = tmp_path / "report.html"
    report([sng], page, "--player", "Player5")
    script = """<script>
var hand = document.getElementById("replay-1"), seen = [];
function note() {
  var shown = Array.prototype.filter.call(hand.querySelectorAll("ol.steps li"), function (li) {
    return !li.hidden;
  });
  var cards = Array.prototype.map.call(hand.querySelectorAll("td.cards"), function (td) {
    return td.dataset.player + "=" + td.textContent;
  });
  var where = hand.querySelector(".where").textContent;
  seen.push(shown.length + "|" + shown[0].textContent + "|" + where + "|" + cards.join(","));
}
function press(key) { hand.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true})); note(); }
hand.focus(); note(); press("ArrowRight"); press("ArrowRight"); press("End"); press("ArrowLeft");
hand.querySelector(".next").click(); note();
var out = document.createElement("pre");
out.id = "seen";
out.textContent = seen.join("\\n");
document.body.appendChild(out);
</script></body>"""
    stepped = tmp_path / "stepped.html"
    stepped.write_text(page.read_text().replace("</body>", script))
    dom, console = rendered(chromium, stepped)
    assert console == []
    parsed = _Page()
    parsed.feed(dom)
    hand_id = re.search(r'id="replay-1" tabindex="0" aria-label="hand (\d+), won', dom)
    assert hand_id is not None
    text = next(lines for lines in hands_of(sng.read_text(encoding="utf-8-sig")) if f"#{hand_id.group(1)}:" in lines[0])
    total = re.search(r"^Total pot (\d+)", "\n".join(text), re.M)
    winner = re.search(r"^(\S+) collected (\d+) from", "\n".join(text), re.M)
    assert total is not None
    assert winner is not None
    seen = [line.split("|") for line in parsed.texts["seen"].splitlines()]
    steps = int(seen[0][2].split()[-1])
    assert [(shown, where) for shown, _, where, _ in seen] == [
        ("1", f"step {at} of {steps}") for at in (1, 2, 3, steps, steps - 1, steps)
    ]
    last = seen[3][1]
    assert last.endswith(f"{winner.group(1)} collects {winner.group(2)}; pot {total.group(1)}")
    first_cards = dict(item.split("=") for item in seen[0][3].split(","))
    final_cards = dict(item.split("=") for item in seen[3][3].split(","))
    shows = dict(re.findall(r"^(\S+): shows \[([^\]]+)\]", "\n".join(text), re.M))
    for name, cards in shows.items():
        assert sorted(final_cards[name].split()) == sorted(cards.split()), name
    assert first_cards["Player5"] in (
        "? ? ? ?",
        *(" ".join(cards) for cards in re.findall(r"^Dealt to Player5 \[([^\]]+)\]$", "\n".join(text), re.M)),
    )
