"""Quick fixes: libcst rewrites as minimal edits that parse and remove the finding."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.findings import Fix
from jaxlsp.fixes.edits import apply_edits, minimal_edits
from jaxlsp.rules import all_rules
from tests.engine._expect import EXAMPLES, example_files

ENGINE = Engine()


def preferred_fixes(source: str) -> list[Fix]:
    analysis = ENGINE.analyze(source)
    fixes = []
    for finding in analysis.findings:
        quick = [f for f in ENGINE.fixes(source, analysis, finding) if f.kind == "quickfix"]
        assert quick, f"no quick fix for {finding.code}"
        assert quick[0].title in finding.fix_titles
        fixes.append(quick[0])
    return fixes


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_quick_fix_parses_and_removes_the_finding(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    for fix in preferred_fixes(source):
        fixed = apply_edits(source, fix.edits)
        ast.parse(fixed)
        assert ENGINE.analyze(fixed).findings == ()


@pytest.mark.parametrize(
    "source",
    [s for rule in all_rules() for s in rule.INVALID],
    ids=lambda s: s.strip().split("\n")[0][:30],
)
def test_fix_all_on_rule_examples_parses(source: str) -> None:
    analysis = ENGINE.analyze(source)
    fixed = apply_edits(source, ENGINE.fix_all(source, analysis, unsafe=True).edits)
    ast.parse(fixed)
    remaining = ENGINE.analyze(fixed).findings
    # No fix is offered for a core_map kernel (it runs where it is made: no name to wrap) or
    # a defvjp whose fwd is not defined in the module; everything else must be fixed.
    unfixable = {f.code for f in analysis.findings if not f.fix_titles}
    assert {f.code for f in remaining} <= unfixable
    assert len(remaining) < len(analysis.findings) or unfixable


def test_symbolic_zeros_fix_rewrites_fwd_and_keeps_bwd() -> None:
    source = (EXAMPLES / "symbolic_zeros" / "invalid_experimental_import_nested.py").read_text()
    (fix,) = preferred_fixes(source)
    fixed = apply_edits(source, fix.edits)
    assert "return cube(x), x\n" in fixed  # fwd: x.value -> x
    # The flag goes; the user's layout and comments stay.
    assert "cube_vjp.defvjp(\n    cube_fwd,\n    cube_bwd,  # expect: " in fixed
    assert "symbolic_zeros" not in fixed.split("cube_vjp.defvjp(", 1)[1].split(")")[0]
    assert "return (3.0 * x**2 * g,)" in fixed  # bwd untouched
    # Minimal: each edit touches at most the end of one line and the next (never a statement).
    assert all(e.span.end.line - e.span.start.line <= 1 for e in fix.edits)
    assert sum(len(e.new_text) for e in fix.edits) <= len("), x")


def test_symbolic_zeros_fix_with_lambdas_on_one_line_rewrites_only_fwd() -> None:
    source = """import jax
f = jax.custom_vjp(lambda x: x)
f.defvjp(lambda x: (x.value, None), lambda x, g: (g * x.value,), symbolic_zeros=True)
jax.shard_map(lambda v: f(v), mesh=mesh, in_specs=P(), out_specs=P())(x)
"""
    (fix,) = preferred_fixes(source)
    assert apply_edits(source, fix.edits).split("\n")[2] == (
        "f.defvjp(lambda x: (x, None), lambda x, g: (g * x.value,))"
    )


def test_pallas_fix_wraps_the_kernel_with_its_reference() -> None:
    source = (EXAMPLES / "pallas_mesh" / "invalid_decorator_grad.py").read_text()
    (fix,) = preferred_fixes(source)
    assert "square_reference" in fix.title
    fixed = apply_edits(source, fix.edits)
    assert "def square_mesh_kernel(x_ref, o_ref):" in fixed
    assert "@jax.custom_jvp\ndef square(*args):" in fixed
    assert "jax.jvp(square_reference, primals, tangents)[1]" in fixed


def test_pallas_fix_without_reference_says_it_adds_a_stub() -> None:
    rule = next(r for r in all_rules() if r.NAME == "pallas-call-with-a-mesh-does-not-support-jvp")
    source = rule.INVALID[0]
    (fix,) = preferred_fixes(source)
    assert "stub" in fix.title
    assert "raise NotImplementedError" in apply_edits(source, fix.edits)


def test_ignore_fix_silences_exactly_that_finding() -> None:
    source = (EXAMPLES / "symbolic_zeros" / "invalid_eager_lambda.py").read_text()
    analysis = ENGINE.analyze(source)
    (finding,) = analysis.findings
    (suppress,) = [f for f in ENGINE.fixes(source, analysis, finding) if f.kind == "suppress"]
    assert f"# jaxlsp: ignore[{finding.code}]" in suppress.edits[0].new_text
    assert ENGINE.analyze(apply_edits(source, suppress.edits)).findings == ()


def test_crlf_sources_get_crlf_edits() -> None:
    source = (EXAMPLES / "pallas_mesh" / "invalid_kernel_jvp.py").read_text().replace("\n", "\r\n")
    (fix,) = preferred_fixes(source)
    inserted = "".join(e.new_text for e in fix.edits)
    assert "\r\n" in inserted and "\n" not in inserted.replace("\r\n", "")


def test_minimal_edits_touch_only_what_changed() -> None:
    old = "a = f(1,\n      2)\nb = 3"
    new = "a = f(1,\n      20)\nb = 3\nc = 4"
    edits = minimal_edits(old, new, base_line=10)
    assert apply_edits("\n" * 10 + old, edits) == "\n" * 10 + new
    assert [(e.span.start.line, e.span.start.column, e.new_text) for e in edits] == [
        (11, 7, "0"),
        (12, 5, "\nc = 4"),
    ]


def test_fix_all_applies_only_safe_fixes_unless_asked() -> None:
    """ruff's split: the symbolic_zeros rewrite changes what fwd and bwd receive, so fix-all
    leaves it out (and says so) unless unsafe fixes are asked for; a seed wrapped in a key
    is safe."""
    source = (EXAMPLES / "symbolic_zeros" / "invalid_eager_lambda.py").read_text()
    source += "\nnoise = jax.random.normal(0, (2,))\n"
    analysis = ENGINE.analyze(source)
    assert {f.code for f in analysis.findings} == {
        "custom-vjp-symbolic-zeros-support-with-shard-map",
        "random-int-seed-as-key",
    }
    safe = ENGINE.fix_all(source, analysis)
    (held,) = safe.held_back
    assert not held.safe and "symbolic_zeros" in held.title
    fixed = apply_edits(source, safe.edits)
    assert "jax.random.normal(jax.random.key(0), (2,))" in fixed
    assert "symbolic_zeros=True" in fixed
    everything = ENGINE.fix_all(source, analysis, unsafe=True)
    assert everything.held_back == ()
    assert "symbolic_zeros=True" not in apply_edits(source, everything.edits)
