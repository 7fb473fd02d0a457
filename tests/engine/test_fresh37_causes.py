"""The general causes of the known misses of fresh5-fresh7 (stop 37), each with close
negatives: a Python int at the edges of int64's range (past it overflows in either x64 mode;
inside it proves nothing, x64 may be on), where JAX converts it and where it does not (``**``'s
exponent, an explicit dtype); ``jax.pure_callback`` batched or differentiated, or given a bare
shape; Haiku's ``apply`` given no rng or a stateful init's pair. Each program's label is checked
on the pinned JAX by ``test_fresh37_causes_on_jax``.
"""

from __future__ import annotations

import pytest

from tests._engine import error_codes

#: (name, program, the codes of the error findings it must get: none for a program that runs).
CASES: list[tuple[str, str, set[str]]] = [
    (
        # inside int64's range: with x64 on it runs (off, int32 overflows: not provable)
        "int64_max_silent",
        """
        import jax

        jax.config.update("jax_enable_x64", True)

        import jax.numpy as jnp

        x = jnp.arange(3) + 9223372036854775807
        """,
        set(),
    ),
    (
        "int64_max_plus_one",
        """
        import jax.numpy as jnp

        x = jnp.arange(3) + 9223372036854775808
        """,
        {"python-int-overflow"},
    ),
    (
        "int64_min_silent",
        """
        import jax

        jax.config.update("jax_enable_x64", True)

        from jax import lax

        x = lax.abs(-9223372036854775807)
        """,
        set(),
    ),
    (
        "int64_min_minus_one",
        """
        from jax import lax

        x = lax.abs(-9223372036854775809)
        """,
        {"python-int-overflow"},
    ),
    (
        "explicit_float_dtype",
        """
        import jax.numpy as jnp

        x = jnp.asarray(2**64, dtype=jnp.float32)
        """,
        set(),
    ),
    (
        "like_functions_do_not_convert",
        """
        import jax.numpy as jnp

        x = jnp.full_like(jnp.ones(3), 2**64) + jnp.zeros_like(2**64)
        """,
        set(),
    ),
    (
        "static_jit_argument",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=1)
        def scaled(x, n):
            return x * float(n)

        scaled(jnp.ones(3), 2**64)
        """,
        set(),
    ),
    (
        "callback_vmapped_over_a_constant",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        table = jnp.arange(3.0)

        def shifted(row):
            spec = jax.ShapeDtypeStruct((3,), jnp.float32)
            return row + jax.pure_callback(np.cos, spec, table)

        jax.vmap(shifted)(jnp.ones((2, 3)))
        """,
        set(),
    ),
    (
        "callback_vmapped_sequential",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def host(row):
            spec = jax.ShapeDtypeStruct(row.shape, row.dtype)
            return jax.pure_callback(np.cos, spec, row, vmap_method="sequential")

        jax.vmap(host)(jnp.ones((2, 3)))
        """,
        set(),
    ),
    (
        "callback_vmapped",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def host(row):
            spec = jax.ShapeDtypeStruct(row.shape, row.dtype)
            return jax.pure_callback(np.cos, spec, row)

        jax.vmap(host)(jnp.ones((2, 3)))
        """,
        {"pure-callback-vmap-method"},
    ),
    (
        "callback_grad_stop_gradient",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def loss(x):
            spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
            weights = jax.pure_callback(np.cos, spec, jax.lax.stop_gradient(x))
            return (weights * x).sum()

        jax.grad(loss)(jnp.ones(3))
        """,
        set(),
    ),
    (
        "callback_grad",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def loss(x):
            spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
            return jax.pure_callback(np.cos, spec, x).sum()

        jax.grad(loss)(jnp.ones(3))
        """,
        {"pure-callback-jvp"},
    ),
    (
        "callback_empty_result",
        """
        import jax
        import jax.numpy as jnp

        jax.pure_callback(lambda x: None, (), jnp.ones(3))
        """,
        set(),
    ),
    (
        "callback_bare_shape",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        x = jnp.ones(3)
        jax.pure_callback(np.cos, x.shape, x)
        """,
        {"pure-callback-result-shape"},
    ),
    (
        "haiku_int_seed",
        """
        import haiku as hk
        import jax
        import jax.numpy as jnp

        f = hk.transform(lambda x: hk.Linear(2)(x))
        x = jnp.ones((1, 3))
        f.apply(f.init(jax.random.PRNGKey(0), x), 7, x)
        """,
        set(),
    ),
    (
        "haiku_float_rng",
        """
        import haiku as hk
        import jax
        import jax.numpy as jnp

        f = hk.transform(lambda x: hk.Linear(2)(x))
        x = jnp.ones((1, 3))
        f.apply(f.init(jax.random.PRNGKey(0), x), 0.5, x)
        """,
        {"haiku-transform-rng-argument"},
    ),
    (
        "haiku_grad_over_params",
        """
        import haiku as hk
        import jax
        import jax.numpy as jnp

        f = hk.transform_with_state(lambda x: hk.Linear(1)(x).sum())
        x = jnp.ones((2, 3))
        params, state = f.init(jax.random.PRNGKey(0), x)
        jax.grad(lambda p: f.apply(p, state, None, x)[0])(params)
        """,
        set(),
    ),
    (
        "haiku_state_pair_as_params",
        """
        import haiku as hk
        import jax
        import jax.numpy as jnp

        f = hk.transform_with_state(lambda x: hk.Linear(1)(x).sum())
        x = jnp.ones((2, 3))
        params = f.init(jax.random.PRNGKey(0), x)
        f.apply(params, {}, None, x)
        """,
        {"haiku-apply-params-mapping"},
    ),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings(name: str, source: str, expected: set[str]) -> None:
    assert error_codes(source) == expected, name
