"""Every rule's own VALID and INVALID examples, run through the whole engine."""

from __future__ import annotations

import pytest

from jaxlsp.engine import Engine
from jaxlsp.rules import all_rules
from jaxlsp.rules.base import Rule
from tests.engine._expect import expected

ENGINE = Engine()

CASES = [
    pytest.param(rule, kind, index, source, id=f"{rule.NAME}-{kind}-{index}")
    for rule in all_rules()
    for kind, sources in (("valid", rule.VALID), ("invalid", rule.INVALID))
    for index, source in enumerate(sources)
]


def test_every_rule_has_valid_and_invalid_examples() -> None:
    assert len(all_rules()) >= 2
    for rule in all_rules():
        assert rule.VALID and rule.INVALID, rule.NAME
        assert all(expected(source) for source in rule.INVALID), rule.NAME


@pytest.mark.parametrize(("rule", "kind", "index", "source"), CASES)
def test_rule_example(rule: Rule, kind: str, index: int, source: str) -> None:
    analysis = ENGINE.analyze(source)
    assert analysis.parse_error is None
    mine = {(f.span.start.line, f.code) for f in analysis.findings if f.rule == rule.NAME}
    if kind == "valid":
        assert mine == set()
    else:
        assert mine == {(line, code) for line, code in expected(source) if code == rule.CODE}


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.NAME)
def test_findings_carry_the_record(rule: Rule) -> None:
    record = ENGINE.records.get(rule.RECORD_ID)
    assert record is not None and record.slug == rule.CODE
    finding = ENGINE.analyze(rule.INVALID[0]).findings[0]
    assert finding.record_id == rule.RECORD_ID
    assert record.documentation and record.documentation in finding.message
    assert finding.related, "a finding points at the other half of the problem"
