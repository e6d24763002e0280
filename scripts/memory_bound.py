"""Peak memory of ``badugi score`` on big and hostile inputs: a 250 MB and a 1 GB PokerStars file, the same 1 GB
gzipped, a compressed bomb (1 MB of gzip holding 1 GB of zeros), a hand header followed by a line of 1 GiB with no
newline (xz), the 1 GB file as a .tar.gz, 8,000 zip members, and header lines that amplify (a little gzip holding
millions of them), each with ``--jobs 1`` and ``--jobs 2``.

    python scripts/memory_bound.py [--folder DIR] [--sizes 250,1000]

The inputs are written once into DIR (default: a folder in the temporary directory) and reused. Peak memory is the
scoring process's own high-water mark (VmHWM) and its workers' (ru_maxrss), in MiB; wall time is printed beside it.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_histories import make_input, stars_hands  # a sibling script: it makes PokerStars files

#: Run in a fresh interpreter: score, then print the peaks of this process and of its workers (KiB) on stderr.
_MEASURE = (
    "import re, resource, sys; from pathlib import Path; from badugi_fast.cli import main; "
    "status = main(sys.argv[1:]); "
    "own = int(re.search(r'VmHWM:\\s+(\\d+)', Path('/proc/self/status').read_text()).group(1)); "
    "print('PEAK', own, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(status)"
)


def stars_file(path: Path, megabytes: int) -> Path:
    """A PokerStars file of about ``megabytes`` MB, sample hands with new hand numbers (written once)."""
    if not path.exists():
        samples = stars_hands()
        bytes_per_hand = sum(len(hand.encode()) + 3 for hand in samples) / len(samples)
        (made,) = make_input(path.parent, round(megabytes * 10**6 / bytes_per_hand), 1)
        made.rename(path)
    return path


def bomb(path: Path) -> Path:
    """About 1 MB of gzip holding 1 GiB of zero bytes (written once, in pieces)."""
    if not path.exists():
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip container
        zeros = bytes(1 << 24)
        with open(path, "wb") as out:
            for _ in range(64):
                out.write(compressor.compress(zeros))
            out.write(compressor.flush())
    return path


def long_line(path: Path) -> Path:
    """About 150 KB of xz holding a hand header, then a line of 1 GiB with no newline (written once)."""
    if not path.exists():
        with lzma.open(path, "wb", preset=1) as out:
            out.write(stars_hands()[0].split("\n")[0].encode() + b"\n")
            for _ in range(64):
                out.write(b"x" * (1 << 24))
    return path


def tarred(path: Path, member: Path) -> Path:
    """``member`` as the one member of a .tar.gz (written once)."""
    if not path.exists():
        with tarfile.open(path, "w:gz", compresslevel=1) as tar:
            tar.add(member, arcname=member.name)
    return path


def many_members(path: Path, members: int = 8000) -> Path:
    """A zip of ``members`` small PokerStars files (written once)."""
    if not path.exists():
        hand = stars_hands()[0].encode()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for number in range(members):
                archive.writestr(f"hands-{number:05d}.txt", hand)
    return path


def amplifying(path: Path, lines: int = 6_000_000) -> Path:
    """A little gzip holding millions of bare KingsClub header lines (written once)."""
    if not path.exists():
        with gzip.open(path, "wb", compresslevel=9) as out:
            for _ in range(lines // 100_000):
                out.write(b"#1: Limit Badugi - 30/60\n" * 100_000)
    return path


def measure(path: Path, jobs: int) -> tuple[float, float, float, int]:
    """(peak MiB of the process, peak MiB of a worker, seconds, exit status) of scoring ``path``."""
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", _MEASURE, "score", str(path), "-o", "/dev/null", "--jobs", str(jobs)],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    peak_line = next(line for line in result.stderr.splitlines() if line.startswith("PEAK"))
    own, workers = (int(value) / 1024 for value in peak_line.split()[1:])
    return own, workers, seconds, result.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()) / "badugi-memory")
    parser.add_argument("--sizes", default="250,1000", help="sizes of the PokerStars files in MB")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    inputs = [stars_file(args.folder / f"stars-{size}mb.txt", int(size)) for size in args.sizes.split(",")]
    biggest = inputs[-1]
    zipped = args.folder / f"{biggest.stem}.txt.gz"
    if not zipped.exists():
        with open(biggest, "rb") as source, gzip.open(zipped, "wb", compresslevel=1) as out:
            while block := source.read(1 << 24):
                out.write(block)
    inputs += [zipped, bomb(args.folder / "bomb.gz"), long_line(args.folder / "long-line.txt.xz")]
    inputs += [tarred(args.folder / f"{biggest.stem}.tar.gz", biggest), many_members(args.folder / "members.zip")]
    inputs.append(amplifying(args.folder / "headers.txt.gz"))
    print(f"{'input':<28} {'MB on disk':>10} {'jobs':>4} {'peak MiB':>9} {'worker MiB':>10} {'seconds':>8} {'exit':>4}")
    sys.stdout.flush()
    for path in inputs:
        for jobs in (1, 2):
            own, workers, seconds, status = measure(path, jobs)
            size = path.stat().st_size / 1e6
            print(f"{path.name:<28} {size:>10.1f} {jobs:>4} {own:>9.0f} {workers:>10.0f} {seconds:>8.1f} {status:>4}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
