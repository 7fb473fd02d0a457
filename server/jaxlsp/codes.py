"""The codes a user may name: record slugs, rule names, and the slugs records were renamed from.

``select``, ``ignore`` and ``severity`` (``[tool.jaxlsp]`` and the client's settings) and
``# jaxlsp: ignore[...]`` comments name codes.  A code nobody knows is a typo that would
silently change what is reported (a misspelt ``select`` turns every check off), so the config
reports it with the nearest known code; a former slug (``slugAliases`` of a record) still works
and stands for the record's current slug, and so does a rule's former name (``FORMER_NAMES``).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class CodeTable:
    #: Every code a user may name: slugs of the curated records, rule names, former slugs.
    known: frozenset[str]
    #: Former slug → the record's slug today; a rule's former name → its name today.
    renamed: Mapping[str, str]

    def canonical(self, code: str) -> str:
        """The code a finding carries for ``code`` (a former slug becomes today's)."""
        return self.renamed.get(code, code)

    def suggestion(self, code: str) -> str | None:
        """The known code nearest to the unknown ``code``, if any is near."""
        close = difflib.get_close_matches(code, sorted(self.known), n=1, cutoff=0.6)
        return self.canonical(close[0]) if close else None  # today's name, not a former one

    def unknown(self, code: str) -> str | None:
        """Why ``code`` is not a code (with a suggestion), or None when it is one."""
        if code in self.known or code == "ALL":
            return None
        nearest = self.suggestion(code)
        hint = f"; did you mean {nearest!r}?" if nearest else " (`jaxlsp rules` lists the codes)"
        return f"unknown code {code!r}{hint}"


@functools.cache
def code_table() -> CodeTable:
    """The codes of the curated records (all the rules report) and of the rules."""
    from jaxlsp.records.load import curated_records_dir, load_records
    from jaxlsp.rules import all_rules

    known: set[str] = set()
    renamed: dict[str, str] = {}
    for item in load_records([curated_records_dir()], compile_patterns=False).loaded:
        known.add(item.slug)
        for alias in item.value("slug_aliases"):
            renamed[alias] = item.slug
    for rule in all_rules():
        known.update((rule.NAME, rule.CODE))
        for former in rule.FORMER_NAMES:
            renamed[former] = rule.NAME
    return CodeTable(frozenset(known | set(renamed)), renamed)


__all__ = ["CodeTable", "code_table"]
