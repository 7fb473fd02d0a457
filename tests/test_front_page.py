"""README.md stays a front page a new user reads in minutes, and the pages it sends readers to
are there.

Why: the README grew to 64 kB once, a diary no newcomer read; its topics now live in docs/,
one page each, and the README says what jaxlsp is, how to install and run it, and where to
read more."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import REPO

README = REPO / "README.md"
#: The front page's size limit, in bytes.
MAXIMUM_BYTES = 12_000
#: What the front page has, by its section headings.
SECTIONS = ("Install", "Editors", "Configuration", "Read more")
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_a_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= MAXIMUM_BYTES
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert [s for s in SECTIONS if not any(h.startswith(s) for h in headings)] == []
    assert "![" in text  # the screenshot


def broken_links(page: Path) -> list[str]:
    """The relative links of a Markdown page whose file is not there."""
    found = []
    for link in _LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link) or link.startswith("#"):
            continue  # a web address, or a heading of the page itself
        if not (page.parent / link.split("#", 1)[0]).exists():
            found.append(link)
    return found


def test_every_page_the_readme_and_docs_link_to_is_there() -> None:
    pages = [README, REPO / "bench" / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    broken = {str(page.relative_to(REPO)): broken_links(page) for page in pages}
    assert {page: links for page, links in broken.items() if links} == {}


def test_a_link_to_a_missing_page_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("", encoding="utf-8")
    page = tmp_path / "page.md"
    links = "[a](missing.md) [b](there.md#part) [c](https://x.org) [d](#top)"
    page.write_text(links, encoding="utf-8")
    assert broken_links(page) == ["missing.md"]
