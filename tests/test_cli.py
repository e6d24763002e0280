"""The badugi command line: eval output, the showdown line, bad input as a one-line error with status 2, and the front
door: --version, suggestions for mistyped names, --quiet, the help, what is imported, closed standard streams."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import badugi_fast
from badugi_fast.cli import _COMMANDS, main
from badugi_fast.formats.registry import BY_SITE
from badugi_fast.history.sources import PACKED_SUFFIXES, SAMPLES

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_eval_prints_rank_cards_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "3d 8c Ks Kc"]) == 0
    out = capsys.readouterr().out
    # K-8-3: 715 four-card values, then 220 three-card values topped by Q or lower, 21 by K-7 or lower, 2 by K-8-2 or
    # K-8-A: the 244th three-card value, 715 + 244 = 959.
    assert out.split() == ["3d", "8c", "Ks", "Kc", "rank", "959", "plays", "Ks", "8c", "3d", "3-card", "K-8-3"]


def test_eval_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ks Qh Jd Tc", "As 2h 3d 4d"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hand 1 wins"


def test_eval_reports_a_split(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As2h3d4c", "Kc Kd Kh Ks", "A♠2♥3♦4♣"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hands 1, 3 split the pot"


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["As2h3d"], "hand 1 ('As2h3d'): a hand has exactly 4 cards, got 3"),
        (["As2h3d4c", "As As 2h 3d"], "hand 2 ('As As 2h 3d'): duplicate card As"),
        (["Xx2h3d4c"], "expected a rank"),
    ],
)
def test_bad_hand_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], hands: list[str], message: str) -> None:
    assert main(["eval", *hands]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["eval"], ["nonsense"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
    capsys.readouterr()


def test_python_dash_m_and_console_script_agree() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "eval", "As2h3d4c"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "4-card badugi 4-3-2-A" in result.stdout


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """`badugi simulate ... | head -1`: no traceback and no error line when the reader stops early."""
    command = f"{sys.executable} -m badugi_fast simulate --hands 3000 --seed 1 | head -1"
    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, check=False)
    assert result.stdout.startswith("PokerStars")
    assert result.stderr == ""
    assert result.returncode == 141


# ---- the front door: version, suggestions, --quiet, help, start-up, closed streams ------------------------------


def test_version_is_the_pyproject_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``badugi_fast.__version__``, which is pyproject.toml's (``+source`` for a source tree): the package is this
    checkout's."""
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert capsys.readouterr().out == f"badugi-fast {badugi_fast.__version__}\n"
    assert badugi_fast.__version__.partition("+")[0] == project["version"]


@pytest.mark.parametrize(
    ("argv", "usage", "hint"),
    [
        (["scroe"], "usage: badugi [-h]", "unknown command 'scroe': did you mean score?"),
        (["simulte", "--hands", "3"], "usage: badugi [-h]", "did you mean simulate?"),
        (["score", "--jbos", "2"], "usage: badugi score", "unrecognized arguments: --jbos (did you mean --jobs?)"),
        (["score", "--fail-on-mismacth"], "usage: badugi score", "(did you mean --fail-on-mismatch?)"),
        (["eval", "As2h3d4c", "--quite"], "usage: badugi eval", "(did you mean --quiet?)"),
    ],
)
def test_a_mistyped_command_or_option_gets_the_closest_one(
    capsys: pytest.CaptureFixture[str], argv: list[str], usage: str, hint: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)  # the usage of the command that was meant, not only the top level's
    assert hint in err.splitlines()[-1]


def test_nothing_close_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["xyzzy"], ["score", "--xyzzy"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert "did you mean" not in capsys.readouterr().err


def test_quiet_writes_nothing_on_stderr_but_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["score", "--format", "csv"]) == 0
    loud = capsys.readouterr()
    assert loud.err.startswith("badugi score: 5 files")
    assert main(["score", "--format", "csv", "--quiet"]) == 0
    assert capsys.readouterr() == (loud.out, "")
    assert main(["simulate", "--hands", "2", "--seed", "1", "-q"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["score", "-q", str(tmp_path / "missing.txt")]) == 2
    assert capsys.readouterr().err == f"badugi score: error: no such file or folder: {tmp_path / 'missing.txt'}\n"


def test_every_command_takes_quiet() -> None:
    """--quiet is given to every command by the command line itself, so a new command has it too."""
    for name in _COMMANDS:
        result = subprocess.run(
            [sys.executable, "-m", "badugi_fast", name, "--help"], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stderr
        assert "--quiet" in result.stdout, name


def test_score_help_lists_every_format_and_every_kind_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for suffix in (".gz", ".bz2", ".xz", ".zip", *PACKED_SUFFIXES):
        assert suffix in text
    for site in ("PokerStars", "Full Tilt", "Merge", "KingsClub", "PHH", *BY_SITE):
        assert site in text
    for kind in ("folders", "fsspec URLs", "- for stdin", "the samples shipped"):
        assert kind in text


def test_only_the_chosen_command_is_imported() -> None:
    """``badugi --help`` imports no command and nothing of the scoring pipeline; ``badugi eval`` only its own."""
    probe = (
        "import sys, contextlib, io\n"
        "from badugi_fast.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(sys.argv[1:])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('badugi_fast.cli.', 'badugi_fast.history', 'numpy'))))"
    )
    for argv, loaded in (
        (["--help"], []),
        (["--version"], []),
        (["eval", "As2h3d4c"], ["badugi_fast.cli.evaluate"]),
    ):
        result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == repr(loaded), argv


def shell(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash, with ``badugi`` standing for this interpreter's ``python -m badugi_fast``."""
    badugi = f"{sys.executable} -m badugi_fast"
    return subprocess.run(
        ["bash", "-c", command.replace("badugi ", f"{badugi} ")], capture_output=True, text=True, check=False
    )


def test_a_closed_stdin_is_an_error_record_not_a_traceback() -> None:
    result = shell("badugi score - <&-")
    assert result.returncode == 1
    (record,) = map(json.loads, result.stdout.splitlines())
    assert (record["file"], record["status"]) == ("<stdin>", "error")
    assert record["reason"] == "line 1: cannot read the file: standard input is closed"
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("badugi score: 1 files, 1 hands")


@pytest.mark.parametrize("command", ["badugi score", "badugi score --format table", "badugi eval As2h3d4c"])
def test_a_closed_stdout_is_a_one_line_error(command: str) -> None:
    result = shell(f"{command} >&-")
    assert result.returncode == 2
    assert result.stderr == f"badugi {command.split()[1]}: error: [Errno 9] standard output is closed\n"


@pytest.mark.parametrize("command", ["badugi score", "badugi eval As2h3d4c", "badugi score --jobs 2"])
def test_a_closed_stderr_changes_nothing_else(command: str) -> None:
    """The messages are lost (there is nowhere to write them): the output and the status are those of a run with
    stderr open, and nothing of stderr's lands on stdout."""
    closed = shell(f"{command} 2>&-")
    open_ = shell(command)
    assert open_.returncode == 0
    assert (closed.returncode, closed.stdout) == (0, open_.stdout)


@pytest.mark.parametrize("package", ["jinja2", "matplotlib"])
def test_report_without_its_extra_says_what_to_install(
    package: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``badugi report`` needs the report extra: without one of its packages, one line with the command to run."""
    monkeypatch.setitem(sys.modules, package, None)  # import now fails, as when it is not installed
    for module in [name for name in sys.modules if name.startswith("badugi_fast.report")]:
        monkeypatch.delitem(sys.modules, module)
    assert main(["report", "-o", str(tmp_path / "report.html")]) == 2
    assert capsys.readouterr().err == (
        f"badugi report: error: badugi report needs {package}, which is not installed: "
        'pip install "badugi-fast[report]"\n'
    )
    assert not (tmp_path / "report.html").exists()


def test_simulate_to_a_file_writes_its_summary_on_stderr_and_quiet_drops_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "hands.txt"
    assert main(["simulate", "--hands", "5", "--seed", "1", "-o", str(output)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"5 hands to {output} in ")
    written = output.read_text(encoding="utf-8")
    assert main(["simulate", "--hands", "5", "--seed", "1", "-q", "-o", str(output)]) == 0
    assert capsys.readouterr() == ("", "")
    assert output.read_text(encoding="utf-8") == written


def test_score_and_report_agree_on_the_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """1 when a hand mismatches (each output written whole all the same), 0 when every hand is right."""
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    sample = SAMPLES / "pokerstars-cash.txt"
    text = sample.read_text(encoding="utf-8")
    assert "Alice collected $14.25 from pot" in text
    tampered = tmp_path / "tampered.txt"
    tampered.write_text(text.replace("Alice collected $14.25 from pot", "Alice collected $99.00 from pot", 1))
    for path, status in ((sample, 0), (tampered, 1)):
        assert main(["score", str(path), "-o", str(tmp_path / "records.jsonl")]) == status
        assert main(["report", str(path), "-o", str(tmp_path / "report.html")]) == status
        err = capsys.readouterr().err
        assert f"{status} mismatches" in err
        assert (tmp_path / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("command", ["stats", "report"])
def test_stats_and_report_say_a_folder_holds_no_hand_history(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``badugi score``: exit 2 naming what was looked at, not an empty answer (or an empty page) and exit 0."""
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "notes.txt").write_text("the histories are elsewhere\n", encoding="utf-8")
    output = tmp_path / "out"
    assert main([command, str(folder), "-o", str(output)]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert (
        error
        == f"badugi {command}: error: no hand history of a known site in the 1 file looked at ({folder / 'notes.txt'})"
    )
    assert not output.exists()


def test_score_says_a_named_file_holds_no_hand_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A README given to ``badugi score`` is no hand: alone, exit 2 naming it (as a folder with no hand); beside hand
    histories, a note on stderr, and neither a record nor a count ("1 hands, 1 errors" before)."""
    readme = tmp_path / "README.md"
    readme.write_text("# My hands\n\nThe histories are in the folder beside this file.\n", encoding="utf-8")
    output = tmp_path / "records.jsonl"
    assert main(["score", str(readme), "-o", str(output)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"badugi score: {readme}: no hand history of a known site in this file (left out: not a hand)"
    assert err[-1] == f"badugi score: error: no hand history of a known site in the 1 file looked at ({readme})"
    assert not output.exists()
    sample = SAMPLES / "pokerstars-cash.txt"
    assert main(["score", str(readme), str(sample), "-o", str(output)]) == 0
    assert main(["score", str(sample), "-o", str(tmp_path / "alone.jsonl")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"badugi score: {readme}: no hand history of a known site in this file (left out: not a hand)"
    assert err[1].partition(";")[0] == err[2].partition(";")[0]  # the same counts as the sample's alone
    assert output.read_text(encoding="utf-8") == (tmp_path / "alone.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("command", "options"), [("stats", ["--format", "jsonl"]), ("stats", ["--per-hand"]), ("report", [])]
)
def test_stats_and_report_leave_out_a_named_file_with_no_hand_history(
    command: str, options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``badugi score`` does: a README named beside hand histories is not a hand (a note on stderr; the same
    answer as the histories alone, not "1 errors" more nor a report listing it as a hand that went wrong); named
    alone, exit 2 naming it and no output file."""
    readme = tmp_path / "README.md"
    readme.write_text("# My hands\n\nThe histories are in the folder beside this file.\n", encoding="utf-8")
    sample = str(SAMPLES / "pokerstars-cash.txt")
    output, alone = tmp_path / "with.out", tmp_path / "alone.out"
    assert main([command, str(readme), *options, "-o", str(output)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert f"badugi {command}: error: no hand history of a known site in the 1 file looked at ({readme})" in err
    assert not output.exists()
    assert main([command, str(readme), sample, *options, "-o", str(output)]) == 0
    note, *summary = capsys.readouterr().err.replace(str(output), "OUT").splitlines()
    assert note == f"badugi {command}: {readme}: no hand history of a known site in this file (left out: not a hand)"
    assert main([command, sample, *options, "-o", str(alone)]) == 0
    assert summary == capsys.readouterr().err.replace(str(alone), "OUT").splitlines()  # the same counts
    assert output.read_text(encoding="utf-8") == alone.read_text(encoding="utf-8")
