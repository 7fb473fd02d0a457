"""What a custom_jvp rule is called with: JAX binds the call's keywords and the function's
defaults to positions first (``resolve_kwargs``, as for a custom_vjp), then hands the rule the
nondiff arguments, then the primals and tangents of the others.  Before, the rule was given
the call's positional arguments only, and not followed at all where a nondiff argument came
by keyword: a rule that branches on a traced primal, or returns a tangent of the wrong type,
went unseen there.

Each case is a program and the error codes it must get (none: it runs); the programs run on
the pinned CPU JAX in ``test_label_holds_on_jax``.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from tests._engine import error_codes
from tests._on_jax import run_on_jax

BOOL = "tracer-bool-conversion-error"
TANGENT = "custom-jvp-tangent-type-mismatch"

_ATTEND = """
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def attend(x, scale, is_mqa{default}):
    return x * scale if is_mqa else x


@attend.defjvp
def attend_jvp(scale, is_mqa, primals, tangents):
    (x,), (t,) = primals, tangents
    heads = 1 if {test} else x.shape[0]
    return attend(x, scale, is_mqa), t * scale / heads


@partial(jax.jit, static_argnames=("is_mqa",))
def loss(x, is_mqa):
    return attend({call}).sum()


jax.grad(loss)(jnp.ones(3), is_mqa=True)
"""

_SCALED = """
import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled(x, y):
    return x * y


@scaled.defjvp
def scaled_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return scaled(x, y), {tangent}


jax.jvp(lambda y: scaled(jnp.ones(3), y=y), (jnp.ones(3),), (jnp.ones(3),))
"""

#: (name, program, the error codes it must get, what JAX's error says): no codes, it runs.
CASES: list[tuple[str, str, set[str], str]] = [
    (
        "nondiff_flag_by_keyword",
        _ATTEND.format(default="", test="is_mqa", call="x, scale=2.0, is_mqa=is_mqa"),
        set(),
        "",
    ),
    (
        "nondiff_by_keyword_rule_tests_its_primal",
        _ATTEND.format(default="", test="x.sum() > 0", call="x, scale=2.0, is_mqa=is_mqa"),
        {BOOL},
        "Attempted boolean conversion of traced array",
    ),
    (
        "nondiff_positional_rule_tests_its_primal",
        _ATTEND.format(default="", test="x.sum() > 0", call="x, 2.0, is_mqa"),
        {BOOL},
        "Attempted boolean conversion of traced array",
    ),
    (
        "nondiff_through_a_spelled_star",
        _ATTEND.format(default="", test="x.sum() > 0", call="*(x, 2.0), is_mqa=is_mqa"),
        {BOOL},
        "Attempted boolean conversion of traced array",
    ),
    (
        # the default's value is not followed: unknown, so the rule's test of it is silent
        "nondiff_flag_left_at_its_default",
        _ATTEND.format(default="=False", test="is_mqa", call="x, scale=2.0"),
        set(),
        "",
    ),
    (
        "differentiable_by_keyword",
        _SCALED.format(tangent="tx * y + x * ty"),
        set(),
        "",
    ),
    (
        "differentiable_by_keyword_tangent_summed",
        _SCALED.format(tangent="(tx * y + x * ty).sum()"),
        {TANGENT},
        "Custom JVP rule must produce primal and tangent outputs with corresponding shapes",
    ),
]


@pytest.mark.parametrize(("name", "source", "expected", "_"), CASES, ids=[c[0] for c in CASES])
def test_the_rule_gets_the_arguments_jax_binds(
    name: str, source: str, expected: set[str], _: str
) -> None:
    assert error_codes(source) == expected


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    programs = {name: textwrap.dedent(source) for name, source, _, _ in CASES}
    return run_on_jax("custom_jvp_binding", programs, tmp_path_factory.mktemp("binding"))


@pytest.mark.jax
@pytest.mark.parametrize(
    ("name", "source", "expected", "message"), CASES, ids=[c[0] for c in CASES]
)
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], message: str, ran: dict[str, Any]
) -> None:
    outcome = ran[name]
    if expected:
        assert outcome["raised"], name
        assert message in outcome["message"]
    else:
        assert not outcome["raised"], outcome.get("message")
