"""Recall on real failures: each rule flags its record's reproducer (which really raises).

The reproducers are written by the corpus, not by the rules' authors, and
``tests/test_reproducers.py`` runs them on JAX; here the engine only reads them.
"""

from __future__ import annotations

import pytest

from jaxlsp.engine import Engine
from jaxlsp.rules import all_rules
from jaxlsp.rules.base import Rule
from tests.conftest import REPO

ENGINE = Engine()

#: Reproducers a rule misses on purpose, with the reason (precision over recall).
KNOWN_MISSES: dict[str, str] = {}


def _reproducer(rule: Rule) -> str | None:
    record = ENGINE.records.get(rule.RECORD_ID)
    if record is None or record.reproducer is None:
        return None
    return record.reproducer.path


RULES = [rule for rule in all_rules() if _reproducer(rule) is not None]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.NAME)
def test_rule_flags_its_records_reproducer(rule: Rule) -> None:
    path = REPO / str(_reproducer(rule))
    if not path.exists():
        pytest.skip(f"{path.name} is not in this checkout")
    analysis = ENGINE.analyze(path.read_text(encoding="utf-8"), str(path))
    flagged = [f for f in analysis.findings if f.rule == rule.NAME]
    if rule.NAME in KNOWN_MISSES:
        assert flagged == [], f"{rule.NAME} now catches {path.name}: drop it from KNOWN_MISSES"
    else:
        assert flagged, f"{rule.NAME} misses {path.name}"
        assert all(f.code == rule.CODE for f in flagged)


def test_the_rules_page_says_how_many_rules_flag_their_reproducer() -> None:
    """docs/rules.md's claim is what this file measures: every rule with a reproducer flags it."""
    readme = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert f"each also flags its record's reproducer: all {len(RULES)} do" in " ".join(
        readme.split()
    )
    assert len(RULES) == len(all_rules()) and not KNOWN_MISSES
