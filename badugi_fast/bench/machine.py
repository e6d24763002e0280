"""What a benchmark ran on: processor, cores, load, Python and the versions of numpy and the peers measured.

Figures from a shared or busy machine mean little without this, so ``badugi bench`` prints it with every result.
"""

from __future__ import annotations

import os
import platform
from importlib import metadata
from pathlib import Path
from typing import Any

from badugi_fast.parallel import cores

__all__ = ["PEERS", "describe_machine", "load_average", "version"]

#: distributions whose versions go in the description (the peers badugi bench measures, when installed)
PEERS = ("numpy", "pokerkit", "poker-equity")


def version(distribution: str) -> str | None:
    """The installed version of a distribution, None when it is not installed."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, rounded (None where the OS has none)."""
    try:
        return [round(load, 2) for load in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def _cpuinfo() -> dict[str, str]:
    """The first processor's fields in /proc/cpuinfo (empty where there is none)."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    fields = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return fields


def describe_machine() -> dict[str, Any]:
    """Processor, cores, OS, Python and library versions, and the load average now."""
    import badugi_fast
    from badugi_fast import BACKEND

    cpuinfo = _cpuinfo()
    flags = cpuinfo.get("flags")
    return {
        "cpu": cpuinfo.get("model name") or platform.processor() or "unknown",
        "architecture": platform.machine(),
        "cores": cores(),
        "avx2": None if flags is None else "avx2" in flags.split(),
        "os": platform.platform(terse=True),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "badugi-fast": badugi_fast.__version__,  # the package measured, installed or a source tree
        "backend": BACKEND,
        **{name: version(name) or "not installed" for name in PEERS},
        "load average": load_average(),
    }
