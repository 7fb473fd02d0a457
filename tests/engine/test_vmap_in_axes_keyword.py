"""``vmap-in-axes-length`` places its finding where the mistake is: at a call that gives by
keyword what in_axes counts by position (vmap raises there, and passing the arguments by
position fixes it), else at the in_axes the calls do not fit."""

from __future__ import annotations

from tests._engine import fresh_engine

SOURCE = """
import jax
import jax.numpy as jnp

def f(x, y):
    return x + y

batched = jax.vmap(f, in_axes=(0, 0))
a = jnp.ones((3, 2))
out = CALL
"""


def _found(call: str) -> list[int]:
    findings = fresh_engine().analyze(SOURCE.replace("CALL", call), "m.py").findings
    return [f.span.start.line + 1 for f in findings if f.code == "vmap-in-axes-length"]


def test_a_call_giving_a_mapped_argument_by_keyword_is_the_finding() -> None:
    assert _found("batched(a, y=a)") == [10]


def test_too_few_arguments_without_keywords_stay_at_the_in_axes() -> None:
    assert _found("batched(a)") == [8]


def test_too_few_even_with_the_keywords_stay_at_the_in_axes() -> None:
    source_axes = "(0, 0, None)"
    findings = (
        fresh_engine()
        .analyze(
            SOURCE.replace("(0, 0))", source_axes + ")").replace("CALL", "batched(a, y=a)"), "m.py"
        )
        .findings
    )
    assert [f.span.start.line + 1 for f in findings if f.code == "vmap-in-axes-length"] == [8]


def test_every_mapped_argument_by_position_is_silent() -> None:
    assert _found("batched(a, a)") == []
