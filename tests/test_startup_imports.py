"""``badugi score`` of PokerStars text starts without the modules that only some inputs need, and those inputs work.

Starting Python and importing the package is a large share of a scoring run (docs/score.md, Speed), so a module that
only a rarer input or a mistake needs is imported where that need arises. Each case runs a real ``badugi`` process
(``python -X importtime -m badugi_fast``, which lists every module it imports): PokerStars text that the C reader
answers imports none of ``LAZY``; each input that needs one of them imports it and gets its records.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import lzma
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from badugi_fast.history.sources import SAMPLES
from badugi_fast.parallel import cores

#: The modules a score of PokerStars text does not import, and what imports each.
LAZY = {
    "difflib": "a mistyped command or option (cli: the closest one is suggested)",
    "xml.etree.ElementTree": "a Merge hand (formats.merge)",
    "tarfile": "a tar archive (history.archives), or an error reading a file (history.inputs.READ_ERRORS)",
    "zipfile": "a zip archive (history.archives), or an error reading a file (history.inputs.READ_ERRORS)",
    "gzip": "a .gz file (history.archives)",
    "bz2": "a .bz2 file (history.archives), a zip archive (zipfile), an error reading a file (inputs.READ_ERRORS)",
    "lzma": "a .xz file (history.archives), a zip archive (zipfile), an error reading a file (inputs.READ_ERRORS)",
    "shutil": "a help shown (argparse learns the terminal's width: cli._HelpFormatter), a tar archive (tarfile)",
    "json": "a record rendered in Python: a hand C leaves to the Python reader (history.output)",
    "csv": "a CSV record rendered in Python (history.output)",
    "badugi_fast.history.record": "a record made in Python (a hand C leaves to the Python reader), a CSV header",
    "badugi_fast.pots": "a hand scored in Python (history.score)",
    "tempfile": "an output folder (files.replacing_folder: --dask --format parquet); -o FILE makes its own",
    "random": "tempfile (above), multiprocessing (--jobs 2)",
    "threading": "a zip archive (history.archives), --jobs 2 (multiprocessing)",
    "decimal": "a PHH hand read by the Python reader (its TOML numbers; money.hundredths_of, formats.phh.reader)",
    "datetime": "a date read in Python (formats.common.when; a PHH table's time)",
    "unicodedata": "the width of a name that is not ASCII in --format table (history.output)",
    "pathlib": "the samples, scored when no path is given (history.sources.SAMPLES), and badugi_fast._checkout",
    "badugi_fast.formats.phh.writer": "writing PHH (formats.phh's names of the writer, the reader's variants)",
    "badugi_fast.formats.pokerstars.writer": "writing PokerStars text (formats.registry.WRITERS)",
    "multiprocessing": "--jobs 2 (parallel)",
    "fsspec": "a URL (history.remote)",
    "badugi_fast.game": "simulating (the writers' engine)",
    "badugi_fast.formats.replay": "a hand read by the Python reader (formats.builder)",
    "badugi_fast.formats.phh.toml_reader": "a PHH hand read by the Python reader",
}


def badugi(
    *arguments: str, cwd: Path, env: dict[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """``badugi ARGUMENTS`` run in ``cwd`` as a command of its own (with ``env`` added to the environment): how it
    ended, and every module it imported."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "badugi_fast", *arguments],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )
    lines = done.stderr.splitlines()
    modules = {line.rpartition("|")[2].strip() for line in lines if line.startswith("import time:")}
    said = "\n".join(line for line in lines if not line.startswith("import time:"))
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout, said), modules


def imported(modules: set[str], name: str) -> bool:
    """Whether ``modules`` hold module ``name`` or one of its submodules (for some packages, fsspec among them,
    importtime lists the submodules without a line of the package's own)."""
    return name in modules or any(module.startswith(f"{name}.") for module in modules)


def records(text: str) -> list[tuple[str, str, str]]:
    """``(file, hand_id, status)`` of each JSON Lines record of ``text``."""
    return [(record["file"], record["hand_id"], record["status"]) for record in map(json.loads, text.splitlines())]


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A PokerStars file of simulated hands: every one of them answered by the C reader."""
    folder = tmp_path_factory.mktemp("hands")
    done = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "simulate", "-q", "--hands", "20", "--players", "4", "--seed", "3"],
        capture_output=True,
        text=True,
        check=True,
    )
    (folder / "hands.txt").write_text(done.stdout)
    return folder / "hands.txt"


def test_scoring_pokerstars_text_imports_none_of_them(hands: Path) -> None:
    done, modules = badugi("score", hands.name, "-o", "out.jsonl", cwd=hands.parent)
    assert done.returncode == 0, done.stderr
    scored = records((hands.parent / "out.jsonl").read_text())
    assert len(scored) == 20
    assert {status for _, _, status in scored} <= {"verified", "no_showdown"}  # C answered every hand
    assert {"badugi_fast.history.read", "badugi_fast._native"} <= modules  # the list is the command's
    assert [name for name in LAZY if imported(modules, name)] == []


def test_an_archive_and_a_damaged_file_import_their_modules_and_give_their_records(hands: Path) -> None:
    folder = hands.parent
    with zipfile.ZipFile(folder / "hands.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(hands, "hands.txt")
    with tarfile.open(folder / "hands.tar.gz", "w:gz") as tar:
        tar.add(hands, arcname="hands.txt")
    alone = records(badugi("score", hands.name, cwd=folder)[0].stdout)
    for name, module in (("hands.zip", "zipfile"), ("hands.tar.gz", "tarfile")):
        done, modules = badugi("score", name, cwd=folder)
        assert done.returncode == 0, done.stderr
        assert records(done.stdout) == [(f"{name}/{file}", *rest) for file, *rest in alone]
        assert imported(modules, module)
        assert imported(modules, "threading") == (module == "zipfile")  # a zip archive is opened once per thread
    packed = gzip.compress(hands.read_bytes())
    (folder / "cut.txt.gz").write_bytes(packed[: len(packed) // 2])  # ends mid-stream
    done, modules = badugi("score", "cut.txt.gz", cwd=folder)
    last = json.loads(done.stdout.splitlines()[-1])
    assert (last["status"], last["reason"].partition(": ")[2]) == (
        "error",
        "cannot decompress: Compressed file ended before the end-of-stream marker was reached",
    )
    assert imported(modules, "gzip")
    assert all(imported(modules, name) for name in ("tarfile", "zipfile"))  # READ_ERRORS, made when the error came


@pytest.mark.parametrize(("suffix", "module"), [(".bz2", bz2), (".xz", lzma)])
def test_a_compressed_file_imports_its_module_and_gives_its_records(hands: Path, suffix: str, module: Any) -> None:
    name = f"hands.txt{suffix}"
    (hands.parent / name).write_bytes(module.compress(hands.read_bytes()))
    alone = records(badugi("score", hands.name, cwd=hands.parent)[0].stdout)
    done, modules = badugi("score", name, cwd=hands.parent)
    assert done.returncode == 0, done.stderr
    assert records(done.stdout) == [(name, *rest) for _, *rest in alone]
    assert imported(modules, module.__name__)


@pytest.mark.parametrize("columns", [50, 150])
def test_a_help_shown_learns_the_width_of_the_terminal(tmp_path: Path, columns: int) -> None:
    done, modules = badugi("score", "--help", cwd=tmp_path, env={"COLUMNS": str(columns)})
    assert done.returncode == 0, done.stderr
    lengths = sorted(map(len, done.stdout.splitlines()))
    assert columns - 30 < lengths[-1]  # argparse fills its lines up to the width it learnt,
    assert lengths[-2] <= columns  # and no further but for a word longer than a line
    assert imported(modules, "shutil")


@pytest.mark.parametrize(
    ("sample", "form", "needed"),
    [
        ("merge.xml", "jsonl", {"xml.etree.ElementTree", "json", "badugi_fast.history.record", "badugi_fast.pots"}),
        ("fulltilt-utf16.txt", "jsonl", {"json", "datetime"}),
        ("fulltilt-utf16.txt", "csv", {"csv", "badugi_fast.history.record"}),
    ],
)
def test_other_sites_and_formats_import_what_they_read_and_write_with(sample: str, form: str, needed: set[str]) -> None:
    done, modules = badugi("score", "--format", form, str(SAMPLES / sample), cwd=SAMPLES)
    assert done.returncode == 0, done.stderr
    assert all(imported(modules, name) for name in needed)
    read = map(json.loads, done.stdout.splitlines()) if form == "jsonl" else csv.DictReader(io.StringIO(done.stdout))
    assert {record["site"] for record in read} == {"Merge" if sample == "merge.xml" else "Full Tilt"}


def test_a_table_of_names_that_are_not_ascii_imports_unicodedata(hands: Path) -> None:
    (hands.parent / "mañana.txt").write_bytes(hands.read_bytes())
    done, modules = badugi("score", "--format", "table", "mañana.txt", cwd=hands.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("mañana.txt:") == 20  # the file's name, measured in columns on every line
    assert imported(modules, "unicodedata")


def test_the_samples_are_scored_when_no_path_is_given(tmp_path: Path) -> None:
    done, modules = badugi("score", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert {file.partition(f"{SAMPLES}/")[2].partition("/")[0] for file, _, _ in records(done.stdout)} == {
        path.name for path in SAMPLES.iterdir() if path.is_file()
    }
    assert imported(modules, "pathlib")


@pytest.mark.parametrize(
    ("arguments", "said"),
    [(["scroe"], "did you mean score?"), (["score", "--jbos", "2"], "(did you mean --jobs?)")],
)
def test_a_mistyped_word_is_answered_with_the_closest(tmp_path: Path, arguments: list[str], said: str) -> None:
    done, modules = badugi(*arguments, cwd=tmp_path)
    assert done.returncode == 2
    assert said in done.stderr
    assert imported(modules, "difflib")


def test_a_url_is_read_with_fsspec(tmp_path: Path) -> None:
    done, modules = badugi("score", "nosuch://bucket/hands.txt", cwd=tmp_path)
    assert (done.returncode, done.stderr.strip()) == (2, "badugi score: error: Protocol not known: nosuch")
    assert imported(modules, "fsspec")


@pytest.mark.skipif(cores() < 2, reason="--jobs 2 runs one process on a machine of one core")
def test_two_jobs_give_the_same_records(hands: Path) -> None:
    alone = badugi("score", hands.name, cwd=hands.parent)[0].stdout
    done, modules = badugi("score", "--jobs", "2", hands.name, cwd=hands.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout == alone
    assert imported(modules, "multiprocessing")
