"""One name per rule: a rule is named by its code (its record's slug), and the names rules had
before still work wherever a user may have written them."""

from __future__ import annotations

import pytest

from jaxlsp.codes import code_table
from jaxlsp.config import parse_settings
from jaxlsp.engine import Engine
from jaxlsp.rules import all_rules, rule_named
from jaxlsp.syntax.suppress import ignored_codes

RENAMED = [rule for rule in all_rules() if rule.FORMER_NAMES]


def test_every_rule_is_named_by_its_code() -> None:
    assert [(rule.NAME, rule.CODE) for rule in all_rules() if rule.NAME != rule.CODE] == []


def test_every_rule_is_the_one_rule_of_the_module_named_by_its_code() -> None:
    """``cond-branch-output-mismatch`` is found in ``rules/cond_branch_output_mismatch.py``
    (at cf0d997 three modules held two rules each, under names of neither)."""
    modules = [type(rule).__module__.rpartition(".")[2] for rule in all_rules()]
    assert [
        (rule.CODE, module)
        for rule, module in zip(all_rules(), modules, strict=True)
        if module != rule.CODE.replace("-", "_")
    ] == []
    assert len(modules) == len(set(modules))


def test_rules_renamed_keep_their_former_names() -> None:
    assert len(RENAMED) >= 40
    table = code_table()
    for rule in RENAMED:
        for former in rule.FORMER_NAMES:
            assert table.unknown(former) is None
            assert table.canonical(former) == rule.NAME
            assert rule_named(former) is rule


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


SOURCE = """\
import jax.numpy as jnp

x = jnp.ones(6).reshape(4, 2){comment}
"""


def test_a_former_name_in_config_or_an_ignore_comment_still_silences_the_rule(
    engine: Engine,
) -> None:
    (finding,) = engine.analyze(SOURCE.format(comment="")).findings
    rule = rule_named(finding.rule)
    assert rule is not None and rule.FORMER_NAMES
    former = rule.FORMER_NAMES[0]
    config = parse_settings({"ignore": [former]}, "pyproject.toml")
    assert config.problems == ()
    assert config.apply([finding]) == []
    assert ignored_codes(f"  # jaxlsp: ignore[{former}]") == frozenset({rule.NAME})
    commented = engine.analyze(SOURCE.format(comment=f"  # jaxlsp: ignore[{former}]"))
    assert commented.findings == ()
