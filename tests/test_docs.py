"""The documentation site: it builds with warnings as errors (a broken link or anchor, a page left out of the
navigation, a docstring that does not render) and without the theme's notice, opens offline from files (in
chromium: a link of the navigation leads to its page, the search finds a word), documents the public API, and the
README stays a front door that links into it. The pages' ``>>>`` examples run as doctests (pyproject's
``--doctest-glob``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

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
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},  # the theme's end-of-life notice (docs/development.md)
    )
    assert built.returncode == 0, built.stderr
    assert "end of life" not in built.stderr
    return out


def test_every_job_has_its_page(site: Path) -> None:
    jobs = ("evaluate", "score", "limits", "stats", "simulate", "odds", "phh", "dask", "rl", "bench")
    for page in (*jobs, "rules", "architecture", "api"):
        assert (site / f"{page}.html").is_file(), page
    assert (site / "quickstart.html").is_file()


class _Links(HTMLParser):
    """The ``href`` of every ``<a>`` of a page, and the links of its navigation (class ``md-nav__link``)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.nav: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        href = found.get("href")
        if tag == "a" and href is not None:
            self.links.append(href)
            if "md-nav__link" in (found.get("class") or "").split():
                self.nav.append(href)


def links_of(page: Path) -> _Links:
    parsed = _Links()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def test_every_link_of_every_page_names_a_file(site: Path) -> None:
    """Opened from files (file://, no server), a link to a folder shows a directory listing, not the page."""
    pages = sorted(page for page in site.glob("*.html") if page.name != "404.html")  # a server's page for any path
    assert len(pages) > 15
    for page in pages:
        parsed = links_of(page)
        assert parsed.nav, page
        for href in parsed.links:
            parts = urlsplit(href)
            if parts.scheme or not parts.path:  # another site, or an anchor of the page
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_file(), (page.name, href)


def test_no_link_to_a_placeholder_repository(site: Path) -> None:
    for page in site.glob("*.html"):
        assert "github.com/OWNER" not in page.read_text(encoding="utf-8"), page
    assert "OWNER" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_pages_open_offline(site: Path) -> None:
    """No script, style or font fetched from the network."""
    for page in site.rglob("*.html"):
        remote = re.findall(r'<(?:script|link)[^>]*(?:src|href)="(https?://[^"]*)"', page.read_text(encoding="utf-8"))
        assert not remote, (page, remote)


def test_the_api_reference_is_generated_from_the_docstrings(site: Path) -> None:
    api = (site / "api.html").read_text(encoding="utf-8")
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


def rendered(chromium: str, url: str) -> str:
    """The DOM of the page at ``url`` once its scripts have run (chromium headless, with time to run them)."""
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_a_link_of_the_navigation_opens_its_page_from_files(chromium: str, site: Path) -> None:
    home = site / "index.html"
    (href,) = [href for href in links_of(home).nav if href.startswith("quickstart")]
    dom = rendered(chromium, (site / href).as_uri())  # a folder (quickstart/) would show its listing
    assert "<title>Quick start" in dom
    assert "badugi stats" in dom


def test_the_search_finds_a_word_in_pages_opened_from_files(chromium: str, site: Path) -> None:
    """Material's search runs in a worker, which chromium starts for no page opened from a file: the site's shim
    (docs/assets/offline-iframe-worker.js) runs it in a frame. ``?q=`` types the word into the search box."""
    dom = rendered(chromium, site.joinpath("index.html").as_uri() + "?q=pokerkit")
    found = re.findall(r'<a href="([^"]*)" class="md-search-result__link"', dom)
    assert found, "no search result"
    assert any(urlsplit(href).path.endswith("/phh.html") for href in found), found
