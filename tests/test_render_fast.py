"""The records C writes (csrc/render.c, through ``read.rendered``) are the bytes Python writes (``output``'s
renderers of ``read.results``), in JSON Lines and CSV, on every hand we have: the samples, the shared files,
simulated PokerStars and PHH hands (fixed, pot and no limit, rake, tournament chips), and hands and file names
made hostile (quotes, backslashes, control characters, non-ASCII, commas, spreadsheet formulas)."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
from sanitized import sanitized_harness
from test_phh_fast import CONFIGS, HAND, phh_run, runs, simulated

from badugi_fast import _native
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game.simulate import simulate
from badugi_fast.history import cut, read, sources
from badugi_fast.history.cut import Run, Unit
from badugi_fast.history.inputs import Source
from badugi_fast.history.output import renderer
from badugi_fast.history.pipeline import units
from badugi_fast.history.sites import headers_in
from badugi_fast.history.sources import SAMPLES, expand
from badugi_fast.rules.engine import TableRules

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")

ROOT = Path(__file__).resolve().parents[1]
FORMS = ("jsonl", "csv")


def answered(unit: Run) -> int:
    """How many hands of ``unit`` C answered (their records are C's to write)."""
    read_by_c = read.c_records(unit)
    assert read_by_c is not None
    return sum(record.status != _native.HH_FALLBACK for record in read_by_c[1])


def assert_rendered_alike(unit: Unit) -> int:
    """``unit``'s records by C and by Python are the same text, statuses and showdowns, in both formats; returns
    how many hands C answered."""
    results = list(read.results(unit))
    for form in FORMS:
        fast = read.rendered(unit, form)
        assert fast is not None, form
        render = renderer(form)
        texts, statuses, showdowns = fast
        assert list(texts) == [render(result) for result in results], form
        assert statuses == [result.status for result in results], form
        assert showdowns == [result.showdown for result in results], form
    assert isinstance(unit, Run)
    return answered(unit)


def assert_all_alike(paths: list[str]) -> tuple[int, int]:
    """Every run C reads of ``paths`` rendered alike; the hands seen and those C answered."""
    hands = by_c = 0
    for unit in (unit for source in expand(paths) for unit in units([source])):
        if read.rendered(unit, "jsonl") is None:
            continue
        by_c += assert_rendered_alike(unit)
        hands += len(unit.starts) if isinstance(unit, Run) else 1
    return hands, by_c


def test_samples_render_alike() -> None:
    hands, by_c = assert_all_alike([str(SAMPLES)])
    assert by_c >= 50
    assert hands >= by_c


def test_shared_files_render_alike(shared_histories: Path) -> None:
    hands, by_c = assert_all_alike([str(shared_histories)])
    assert hands >= by_c >= 100


@pytest.mark.parametrize("limit", ["fixed", "pot", "no"])
@pytest.mark.parametrize(("players", "currency"), [(6, "$"), (9, None)])
def test_simulated_stars_hands_render_alike(limit: str, players: int, currency: str | None) -> None:
    """Rake in money games, tournament chips (``None``), side pots and splits."""
    out = io.StringIO()
    rules = TableRules(10, 20, limit, rake_percent=5 if currency else 0, rake_cap=30)
    write_histories(list(simulate(150, players, rules, seed=players, buy_in=(2, 40))), out, currency)
    assert assert_rendered_alike(stars_run(out.getvalue(), first_index=3)) >= 100


@pytest.mark.parametrize("options", CONFIGS[::2], ids=" ".join)
def test_simulated_phh_hands_render_alike(tmp_path: Path, options: tuple[str, ...]) -> None:
    path = simulated(tmp_path, "--hands", "120", *options)
    assert sum(assert_rendered_alike(unit) for unit in runs(path)) >= 100


def stars_run(text: str, first_index: int = 0, source: str = "f") -> Run:
    data = text.encode("utf-8", "surrogatepass")
    return Run(source, "PokerStars", first_index, 0, tuple(headers_in(data, 0, len(data)).lines), data)


#: Names and file names a file may hold, which JSON must escape and CSV must quote or make inert.
HOSTILE = [
    'Quote"d',
    "back\\slash",
    "tab\there",
    "bell\x07",
    "nul\x00",
    "del\x7f",
    "Zoë 李",
    "=cmd|' /C calc'!A0",
    "+1",
    "-5",
    "@SUM(A1)",
    "comma, and",
    "semi; colon",
    "line\nbreak",
    "car\rriage",
    "\u202egnp.exe",
]


def sample_stars() -> tuple[str, str]:
    """The cash sample's text and the name of a player in its first hand."""
    text = (SAMPLES / "pokerstars-cash.txt").read_text(encoding="utf-8")
    seat = re.search(r"^Seat \d+: (\S+) \(", text, re.MULTILINE)
    assert seat is not None
    return text, seat.group(1)


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_stars_names_render_alike(name: str) -> None:
    text, player = sample_stars()
    assert_rendered_alike(stars_run(text.replace(player, name)))


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_phh_names_render_alike(name: str) -> None:
    escaped = name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    escaped = escaped.replace("\t", "\\t").replace("\x07", "\\u0007").replace("\x00", "\\u0000")
    escaped = escaped.replace("\x7f", "\\u007F")
    assert_rendered_alike(phh_run(HAND.replace('"Bo"', f'"{escaped}"')))


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_file_names_render_alike(name: str) -> None:
    text, _ = sample_stars()
    assert assert_rendered_alike(stars_run(text, source=f"folder/{name}.txt")) >= 1


def test_plain_names_are_answered_by_c() -> None:
    """The fast path is taken: the hostile-name tests compare C's rendering, not Python's with itself."""
    text, player = sample_stars()
    for name in ['Quote"d', "back\\slash", "Zoë 李", "=cmd", "comma, and"]:
        unit = stars_run(text.replace(player, name))
        assert answered(unit) == answered(stars_run(text)) > 0, name
    for name in ["Quote'd, =x", "Zoë 李", "+1"]:  # csrc/phh.c leaves a TOML escape to Python
        assert answered(phh_run(HAND.replace('"Bo"', f'"{name}"'))) == 1, name


@pytest.mark.parametrize("length", [300, 40_000])
def test_records_longer_than_the_first_buffer_render_alike(length: int) -> None:
    """A long file name, escaped six times over in every record: the run's records outgrow ``render_scan``'s first
    buffer (300: after some hands; 40,000: one record alone), which carries on in a bigger one."""
    text, _ = sample_stars()
    assert assert_rendered_alike(stars_run(text, source="\x01" * length + '"",' * length)) >= 1


def test_render_is_clean_under_sanitizers(tmp_path: Path) -> None:
    """csrc/render.c (with the readers) built with AddressSanitizer and UndefinedBehaviorSanitizer and run over
    PokerStars and PHH hands with hostile names, into buffers of exact sizes (tests/c/render_harness.c)."""
    names = ("render.c", "stars.c", "phh.c", "verdict.c", "rules.c", "badugi.c", "sites.c", "odds.c")
    harness = sanitized_harness(tmp_path, "render_harness.c", names)
    text, player = sample_stars()
    inputs = [tmp_path / "stars.txt", tmp_path / "hostile.txt", tmp_path / "hand.phh"]
    inputs[0].write_text(text, encoding="utf-8")
    inputs[1].write_text(text.replace(player, 'Q"\\, =x\tZoë'), encoding="utf-8")
    inputs[2].write_text(HAND.replace('"Bo"', '"Zoë, =x"'), encoding="utf-8")
    run = subprocess.run([str(harness), *map(str, inputs)], capture_output=True, text=True, check=False, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.startswith("ok ")
    assert int(run.stdout.split()[1]) > 0


def test_a_run_is_read_as_it_is_only_while_the_text_read_is_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Run.ascii`` (``TextStream.ascii``) lets C read a run's bytes as UTF-8 without a look only while every block
    read so far was ASCII: the runs after a block holding a Latin-1 name are turned into UTF-8 first, and both
    readers read the name alike."""
    out = io.StringIO()
    write_histories(list(simulate(12, 6, TableRules(10, 20, "fixed"), seed=1)), out, "$")
    hands = out.getvalue()
    monkeypatch.setattr(sources, "BLOCK_BYTES", 2048)
    data = hands.encode() + b"\n\n" + hands.replace("Player1", "Jos\xe9").encode("latin-1")
    found = list(cut.cut(Source("f", lambda: io.BytesIO(data)), run_hands=3))
    runs = [unit for unit in found if isinstance(unit, Run)]
    assert runs[0].ascii
    assert not runs[-1].ascii
    assert sum(map(assert_rendered_alike, runs)) == len(runs) * 3  # C answered every hand
    rendered = read.rendered(runs[-1], "jsonl")
    assert rendered is not None
    assert '"name": "José"' in "".join(rendered[0])
