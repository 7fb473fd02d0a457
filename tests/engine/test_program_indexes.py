"""The indexes ``Program`` keeps for the rules give what a scan of every fact gives, in the
same order, on programs that break contracts of each kind (the rules' INVALID examples); and a
span in a non-ASCII statement counts code points."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative, Kernel, ShardMapped, Transformed
from jaxlsp.rules import all_rules
from tests.engine.test_rerun import Project

ENGINE = Engine()

INVALID = sorted({example for rule in all_rules() for example in rule.INVALID})


def _program(source: str) -> Program:
    program = ENGINE.analyze(textwrap.dedent(source)).program
    assert program is not None
    return program


def test_the_examples_break_contracts_of_every_sort() -> None:
    """(So the test below compares indexes that hold something.)"""
    programs = [_program(example) for example in INVALID]
    assert any(program.broken_calls() for program in programs)
    assert any(made.violations for program in programs for made in program.facts.made)
    assert any(called.violations for program in programs for called in program.facts.called)


@pytest.mark.parametrize("example", INVALID, ids=lambda example: str(INVALID.index(example)))
def test_each_index_is_the_scan_it_stands_for(example: str) -> None:
    program = _program(example)
    facts = program.facts
    calls = [(call, v) for call in facts.api_calls for v in call.violations]
    kinds = {v.kind for _, v in calls}
    for kind in kinds:
        assert list(program.violations(kind)) == [(c, v) for c, v in calls if v.kind == kind]
    for pair in ((a, b) for a in sorted(kinds) for b in sorted(kinds) if a < b):
        assert list(program.violations(*pair)) == [(c, v) for c, v in calls if v.kind in pair]
    assert list(program.violations("no-such-kind")) == []
    refused = [(made, v) for made in facts.made for v in made.violations]
    for kind in {v.kind for _, v in refused} | {"no-such-kind"}:
        assert program.wrap_violations(kind) == [(m, v) for m, v in refused if v.kind == kind]
    broken = [(called, v) for called in facts.called for v in called.violations]
    for kind in {v.kind for _, v in broken} | {"no-such-kind"}:
        assert program.call_violations(kind) == [(c, v) for c, v in broken if v.kind == kind]
    for api in {made.api for made in facts.made} | {"jax.no_such_api"}:
        assert program.made_by(api) == [made for made in facts.made if made.api == api]
    for value_kind in (Transformed, CustomDerivative, Kernel, ShardMapped):
        expected = [called for called in facts.called if isinstance(called.callee, value_kind)]
        assert program.calls_of(value_kind) == expected


SEVERAL_KINDS = """
import jax
import jax.numpy as jnp

@jax.jit
def nonzero(x):
    return jnp.nonzero(x)

@jax.jit
def zeros(x):
    return jnp.zeros(x.sum())

@jax.jit
def unique(x):
    return jnp.unique(x)

@jax.jit
def ones(x):
    return jnp.ones(x.shape[0] * 1.5)
"""


def test_a_rule_asking_for_two_kinds_gets_them_in_the_order_of_the_calls() -> None:
    program = _program(SEVERAL_KINDS)
    found = [(call.api.short, v.kind) for call, v in program.violations("shape", "shape-float")]
    # the any-caller pass runs the four the last defined first (none calls another)
    assert found == [("jnp.ones", "shape-float"), ("jnp.zeros", "shape")]
    both = program.violations("data-dependent-size", "shape")
    assert [v.kind for _, v in both] == ["data-dependent-size", "shape", "data-dependent-size"]
    assert [v.kind for _, v in program.violations("data-dependent-size")] == [
        "data-dependent-size",
        "data-dependent-size",
    ]


def test_a_span_after_non_ascii_text_counts_code_points() -> None:
    line = 'label = "é→x"; x = jnp.zeros(3); x[0] = 1.0'
    analysis = ENGINE.analyze(f"import jax.numpy as jnp\n\n{line}\n")
    (finding,) = [f for f in analysis.findings if f.code == "immutable-array-item-assignment"]
    assert finding.span.start.line == 2
    assert finding.span.start.column == line.index("x[0]")
    assert finding.span.end.column == line.index(" = 1.0")


OPS = """import jax.numpy as jnp


def broken():
    return jnp.zeros(3).sum(axis=1)


def edited(x):
    return x + {n}
"""

TRAIN = """import ops


def step(x):
    return ops.edited(x) + ops.broken()


def other():
    return ops.broken()
"""


def test_a_re_check_keeps_the_broken_calls_of_the_runs_it_keeps(tmp_path: Path) -> None:
    """An importer re-checked from its last analysis after an edit elsewhere has the broken
    calls of the runs it kept and of those it ran again, as a fresh analysis does."""
    project = Project(tmp_path, {"ops.py": OPS.format(n=1), "train.py": TRAIN})
    train = tmp_path / "train.py"
    for n in (2, 3):
        project.edit(tmp_path / "ops.py", OPS.format(n=n))
        project.analyze(tmp_path / "ops.py")
        analysis = project.analyze(train)
        program = analysis.program
        assert program is not None
        broken = program.broken_calls()
        assert broken == [call for call in program.facts.api_calls if call.violations]
        assert broken and {v.kind for call in broken for v in call.violations} == {"axis-range"}
        assert [f.code for f in analysis.elsewhere] == ["axis-out-of-bounds"]
        project.assert_fresh(analysis)
