"""The tests as CI runs them: build the sdist and the wheel, check what each holds, install the wheel with the test
extra into the running Python's environment, and run the suite against it (``installed_suite.py``).

PyPA's ``build`` is run from a temporary folder: in the checkout, ``python -m build`` would run the project's own
build.py (the module name shadows it). The wheel is built from the sdist, so a file missing from the sdist fails
here too. Usage: ``python .ci/wheel_suite.py [PYTEST ARGUMENTS]``.
"""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from installed_suite import ROOT
from installed_suite import main as run_suite

#: What the wheel holds besides the package's tracked files (the generated table and the compiled extension).
WHEEL_EXTRAS = ("badugi_fast/_table.bin", "badugi_fast/_badugi.abi3.*", "badugi_fast-*.dist-info/licenses/LICENSE")
#: What the sdist holds besides the package's tracked files, to build the wheel.
SDIST_EXTRAS = ("LICENSE", "README.md", "pyproject.toml", "setup.py", "build.py", "MANIFEST.in")


def tracked(folder: str) -> list[str]:
    """The files of ``folder`` that git tracks, relative to the checkout."""
    listed = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True)
    return listed.stdout.split()


def missing(names: list[str], wanted: list[str]) -> list[str]:
    """The patterns of ``wanted`` that match none of ``names``."""
    return [pattern for pattern in wanted if not fnmatch.filter(names, pattern)]


def check(wheel: Path, sdist: Path) -> None:
    """Every file the package needs is in the wheel (exactly one compiled extension, of the limited API), and every
    file the build needs is in the sdist; else ``SystemExit`` naming what is missing."""
    in_wheel = zipfile.ZipFile(wheel).namelist()
    lacking = missing(in_wheel, [*tracked("badugi_fast"), *WHEEL_EXTRAS])
    extensions = fnmatch.filter(in_wheel, "badugi_fast/_badugi*")
    with tarfile.open(sdist) as archive:
        in_sdist = [name.partition("/")[2] for name in archive.getnames()]
    lacking += missing(in_sdist, [*tracked("badugi_fast"), *tracked("csrc"), *SDIST_EXTRAS])
    if lacking or len(extensions) != 1 or "-cp310-abi3-" not in wheel.name:
        sys.exit(f"wheel_suite: {wheel.name}: missing {lacking}; extensions {extensions}")
    print(f"wheel_suite: {wheel.name} ({len(in_wheel)} files) and {sdist.name} hold what they must", flush=True)


def main(arguments: list[str]) -> int:
    pip = [sys.executable, "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "build"], check=True)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "build", "--outdir", out, str(ROOT)], cwd=out, check=True)
        (wheel,) = Path(out).glob("*.whl")
        (sdist,) = Path(out).glob("*.tar.gz")
        check(wheel, sdist)
        subprocess.run([*pip, f"{wheel}[test]"], check=True)
    return run_suite(arguments)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
