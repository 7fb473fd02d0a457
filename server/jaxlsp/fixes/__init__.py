"""Quick fixes: libcst rewrites of the statements a finding involves, as minimal text edits."""

from __future__ import annotations

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.findings import Finding, Fix
from jaxlsp.fixes.edits import merge_non_overlapping
from jaxlsp.fixes.suppress import ignore_on_line


def fixes_for(source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
    """The rule's fixes for ``finding`` (preferred first), then "ignore on this line"."""
    from jaxlsp.rules import rule_named

    found: list[Fix] = []
    rule = rule_named(finding.rule)
    if rule is not None:
        found.extend(rule.fixes(source, facts, finding))
    suppress = ignore_on_line(facts.lines, finding)
    if suppress is not None:
        found.append(suppress)
    return found


__all__ = ["fixes_for", "merge_non_overlapping"]
