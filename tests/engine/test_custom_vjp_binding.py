"""How many cotangents a custom_vjp ``bwd`` owes: JAX binds the call's keywords and the
function's defaults to positions first (``resolve_kwargs``) and takes ``nondiff_argnames``
into ``nondiff_argnums`` when the function is made.  Found on tokamax 0.0.17's splash
attention (a ``nondiff_argnames`` custom_vjp called with keywords, its bwd right): counting
only the call's positional arguments reported a correct bwd as wrong.

Each case is a program and the error codes it must get (none: it runs); the programs run on
the pinned CPU JAX in ``test_label_holds_on_jax``.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import error_codes, fresh_engine
from tests._on_jax import run_on_jax

BWD = "custom-vjp-bwd-output-structure"

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "nondiff_argnames_and_keywords",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp


        @partial(jax.custom_vjp, nondiff_argnames=("scale", "mode"))
        def scaled(x, y, scale, mode, bias=None):
            return x * y * scale + (0.0 if bias is None else bias)


        def scaled_fwd(x, y, scale, mode, bias=None):
            return scaled(x, y, scale, mode, bias), (x, y)


        def scaled_bwd(scale, mode, residuals, g):
            x, y = residuals
            return g * y * scale, g * x * scale, None


        scaled.defvjp(scaled_fwd, scaled_bwd)
        jax.grad(lambda x: scaled(x, jnp.float32(2.0), scale=3.0, mode="a"))(jnp.float32(1.0))
        """,
        set(),
    ),
    (
        "nondiff_argnames_one_cotangent_too_many",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp


        @partial(jax.custom_vjp, nondiff_argnames=("scale",))
        def scaled(x, y, scale):
            return x * y * scale


        def scaled_fwd(x, y, scale):
            return scaled(x, y, scale), (x, y)


        def scaled_bwd(scale, residuals, g):
            x, y = residuals
            return g * y * scale, g * x * scale, None


        scaled.defvjp(scaled_fwd, scaled_bwd)
        jax.grad(lambda x: scaled(x, jnp.float32(2.0), 3.0))(jnp.float32(1.0))
        """,
        {BWD},
    ),
    (
        "keyword_and_default_bound_to_positions",
        """
        import jax
        import jax.numpy as jnp


        @jax.custom_vjp
        def mix(x, y, weight=0.5):
            return weight * x + (1 - weight) * y


        def mix_fwd(x, y, weight=0.5):
            return mix(x, y, weight), weight


        def mix_bwd(weight, g):
            return weight * g, (1 - weight) * g, None


        mix.defvjp(mix_fwd, mix_bwd)
        jax.grad(lambda x: mix(x, y=jnp.float32(2.0)))(jnp.float32(1.0))
        """,
        set(),
    ),
    (
        "keyword_call_default_forgotten",
        """
        import jax
        import jax.numpy as jnp


        @jax.custom_vjp
        def mix(x, y, weight=0.5):
            return weight * x + (1 - weight) * y


        def mix_fwd(x, y, weight=0.5):
            return mix(x, y, weight), weight


        def mix_bwd(weight, g):
            return weight * g, (1 - weight) * g


        mix.defvjp(mix_fwd, mix_bwd)
        jax.grad(lambda x: mix(x, y=jnp.float32(2.0)))(jnp.float32(1.0))
        """,
        {BWD},
    ),
    (
        "nondiff_argnames_not_read",
        """
        import jax
        import jax.numpy as jnp


        def make(names):
            def f(x, y, scale):
                return x * y * scale

            f = jax.custom_vjp(f, nondiff_argnames=names)

            def f_fwd(x, y, scale):
                return f(x, y, scale), (x, y)

            def f_bwd(scale, residuals, g):
                x, y = residuals
                return g * y * scale, g * x * scale

            f.defvjp(f_fwd, f_bwd)
            return f


        g = make(tuple(name for name in ("scale",)))
        jax.grad(lambda x: g(x, jnp.float32(2.0), 3.0))(jnp.float32(1.0))
        """,
        set(),
    ),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bwd_count_follows_jax_binding(name: str, source: str, expected: set[str]) -> None:
    assert error_codes(source) == expected


def test_the_count_names_every_bound_argument() -> None:
    """The finding counts the positions JAX binds (the keyword and the default too)."""
    source = dict((name, source) for name, source, _ in CASES)["keyword_call_default_forgotten"]
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    (found,) = [f for f in analysis.findings if f.code == BWD]
    assert "a tuple of 2, not 3 cotangents" in found.message


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    programs = {name: textwrap.dedent(source) for name, source, _ in CASES}
    return run_on_jax("custom_vjp_binding", programs, tmp_path_factory.mktemp("binding"))


@pytest.mark.jax
@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran: dict[str, Any]
) -> None:
    outcome = ran[name]
    if expected:
        assert outcome["raised"], name
        assert (
            "Custom VJP bwd rule must produce an output with the same container"
            in (outcome["message"])
        )
    else:
        assert not outcome["raised"], outcome.get("message")
