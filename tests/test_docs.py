"""The documentation site: it builds with warnings as errors (a broken link or anchor, a page left out of the
navigation, a docstring that does not render), opens offline, documents the public API, and the README stays a
front door that links into it. The pages' ``>>>`` examples run as doctests (pyproject's ``--doctest-glob``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mkdocs", reason="the docs extra is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr
    return out


def test_every_job_has_its_page(site: Path) -> None:
    jobs = ("evaluate", "score", "limits", "stats", "simulate", "odds", "phh", "dask", "rl", "bench")
    for page in (*jobs, "rules", "architecture", "api"):
        assert (site / page / "index.html").is_file(), page


def test_the_pages_open_offline(site: Path) -> None:
    """No script, style or font fetched from the network."""
    for page in site.rglob("*.html"):
        remote = re.findall(r'<(?:script|link)[^>]*(?:src|href)="(https?://[^"]*)"', page.read_text(encoding="utf-8"))
        assert not remote, (page, remote)


def test_the_api_reference_is_generated_from_the_docstrings(site: Path) -> None:
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("badugi_fast.evaluator.evaluate", "evaluate_many", "best_discard", "score_files", "TableRules"):
        assert name in api, name
    assert "rank number of a hand" in api  # a docstring's text, not only the names
    assert '"gp">&gt;&gt;&gt; ' in api  # the examples shown as code,
    assert "<blockquote>" not in api  # not as quotes


def test_the_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    linked = set(re.findall(r"\]\(docs/([a-z-]+)\.md", readme))
    pages = {page.stem for page in (ROOT / "docs").glob("*.md")}
    assert linked <= pages, linked - pages
    assert {"install", "score", "stats", "odds", "simulate", "phh", "dask", "rl", "bench"} <= linked
