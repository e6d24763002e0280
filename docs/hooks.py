"""MkDocs hooks (mkdocs.yml ``hooks``): the docstrings' doctest examples shown as code.

The package's docstrings hold ``>>>`` examples, which pytest runs as doctests; Markdown would read their ``>``
as quotes. A preprocessor fences each run of example lines (from a ``>>>`` line to the next blank line) as
``pycon`` before the page, or a docstring rendered by mkdocstrings, is converted.
"""

from __future__ import annotations

from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor


class DoctestFences(Preprocessor):
    """Fence ``>>>`` runs that are not already inside a fenced block."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = in_example = False
        indent = ""
        for line in lines:
            stripped = line.strip()
            if in_example and not stripped:
                out.append(indent + "```")
                in_example = False
            elif not in_example and not fenced and stripped.startswith(">>>"):
                indent = line[: len(line) - len(line.lstrip())]
                out.append(indent + "```pycon")
                in_example = True
            elif stripped.startswith("```") and not in_example:
                fenced = not fenced
            out.append(line)
        if in_example:
            out.append(indent + "```")
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(DoctestFences(md), "doctest_fences", 40)


def on_config(config: Any) -> Any:
    """Add the extension for pages and for mkdocstrings' docstrings alike."""
    config.markdown_extensions.append(DoctestExtension())
    return config
