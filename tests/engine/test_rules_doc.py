"""The rules table (docs/rules.md) is generated from the rules themselves; keep it current."""

from __future__ import annotations

from jaxlsp.rules import all_rules, has_quick_fix, rules_markdown
from tests.conftest import REPO, run_jaxlsp


def test_the_rules_table_is_current() -> None:
    readme = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    start, end = "<!-- rules:start -->\n", "\n<!-- rules:end -->"
    table = readme[readme.index(start) + len(start) : readme.index(end)]
    assert table == rules_markdown(), (
        "run `jaxlsp rules --markdown` and paste it into docs/rules.md"
    )


def test_quick_fix_capability_is_derived_from_the_rule() -> None:
    by_name = {rule.NAME: rule for rule in all_rules()}
    assert has_quick_fix(by_name["custom-vjp-symbolic-zeros-support-with-shard-map"])
    assert has_quick_fix(by_name["immutable-array-item-assignment"])
    assert not has_quick_fix(by_name["tracer-bool-conversion-error"])


def test_rules_command_lists_every_rule() -> None:
    result = run_jaxlsp("rules")
    assert result.returncode == 0
    for rule in all_rules():
        assert rule.NAME in result.stdout and rule.CODE in result.stdout
