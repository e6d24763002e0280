"""Backend choice: the C extension when built, an announced pure-Python fallback otherwise, and an install that
succeeds without a C compiler."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy

import badugi_fast

ROOT = Path(__file__).resolve().parents[1]

PROBE = "import badugi_fast as b; print(b.BACKEND, b.evaluate('As2h3d4c'), b.evaluate([48, 49, 50, 51]))"


def run_python(code: str, *options: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (imports happen anew) with extra environment variables."""
    environment = {name: value for name, value in os.environ.items() if name != "BADUGI_FAST_BACKEND"}
    environment.update(env)
    return subprocess.run(
        [sys.executable, *options, "-c", code], capture_output=True, text=True, env=environment, check=False
    )


def test_installed_package_uses_the_c_extension() -> None:
    """The install built the extension: a silent fall back to Python would fail here, not hide."""
    assert badugi_fast.BACKEND == "c"


def test_python_backend_on_request_is_quiet() -> None:
    result = run_python("import warnings; warnings.simplefilter('error'); " + PROBE, BADUGI_FAST_BACKEND="python")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["python", "1", "1092"]


def test_missing_extension_falls_back_with_one_warning() -> None:
    block = "import sys; sys.modules['badugi_fast._badugi'] = None; "  # makes `import badugi_fast._badugi` fail
    result = run_python(block + PROBE + "; import badugi_fast.evaluator")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["python", "1", "1092"]
    assert result.stderr.count("RuntimeWarning: badugi-fast: the C extension is not available") == 1


def test_insisting_on_c_without_it_fails_clearly() -> None:
    block = "import sys; sys.modules['badugi_fast._badugi'] = None; "
    result = run_python(block + PROBE, BADUGI_FAST_BACKEND="c")
    assert result.returncode != 0
    assert "BADUGI_FAST_BACKEND=c but the C extension is not available" in result.stderr


def test_unknown_backend_name_is_refused() -> None:
    result = run_python(PROBE, BADUGI_FAST_BACKEND="fortran")
    assert "BADUGI_FAST_BACKEND must be 'c' or 'python', not 'fortran'" in result.stderr


def test_wheel_builds_without_a_c_compiler(tmp_path: Path) -> None:
    """CC=false makes every compile fail: the wheel still builds, carries the table, and works in Python."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "CC": "false"},
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = tmp_path.glob("badugi_fast-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "badugi_fast/_table.bin" in names
    assert not [name for name in names if name.startswith("badugi_fast/_badugi")]
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    # -S skips .pth files, so an editable install of this checkout cannot shadow the wheel; the dependencies come
    # from the site-packages they are installed in.
    dependencies = Path(numpy.__file__).resolve().parents[1]
    probe = run_python(PROBE, "-S", PYTHONPATH=f"{site}{os.pathsep}{dependencies}", PYTHONSAFEPATH="1")
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split() == ["python", "1", "1092"]
    assert "RuntimeWarning: badugi-fast: the C extension is not available" in probe.stderr
