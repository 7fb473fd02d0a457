"""The general causes of ``bench/realbugs/fresh3``'s misses and of its one false error, as pairs.

Each pair is code that runs on the pinned JAX (no error finding) and the close variant that
raises (its finding): a call through a decorator the analysis cannot see into returns what
the decorator's wrapper returns, not the body's value (equinox's ``filter_value_and_grad``
where equinox is not installed), while an error the body surely raises is still found; a
PRNG key is a JAX array, so it cannot be a static argument of ``jax.jit``.  The labels are
checked on JAX by the ``jax``-marked test at the end (one subprocess, the reproducer harness).
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from tests._engine import error_codes
from tests._on_jax import run_on_jax

#: ``jax.value_and_grad`` reached through ``importlib``: a decorator the analysis cannot see into.
_UNSEEN_VALUE_AND_GRAD = """
import importlib

import jax.numpy as jnp

value_and_grad = importlib.import_module("jax").value_and_grad


@value_and_grad
def loss(w):
    {body}


{call}
"""

#: (name, program, the error codes it must get): an empty set runs on JAX, a set raises,
#: except the programs of ``RAISE_UNREPORTED``.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "unseen_decorator_result_is_the_wrappers",
        _UNSEEN_VALUE_AND_GRAD.format(
            body="return jnp.sum(w**2)", call="value, grads = loss(jnp.ones(3))"
        ),
        set(),
    ),
    (
        "unseen_decorator_keeps_the_bodys_own_error",
        _UNSEEN_VALUE_AND_GRAD.format(
            body="return jnp.sum(jnp.ones((2, 3)) @ jnp.ones((4, 5)))",
            call="loss(jnp.ones(3))",
        ),
        {"dot-general-contracting-dims-mismatch"},
    ),
    (
        "cached_function_keeps_its_result",
        """
        import functools

        import jax.numpy as jnp


        @functools.lru_cache
        def table():
            return jnp.ones(())


        first, second = table()
        """,
        {"unpack-0d-array"},
    ),
    (
        "key_passed_as_a_traced_argument",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp


        @partial(jax.jit, static_argnums=(1,))
        def noisy(key, scale, x):
            return x + scale * jax.random.normal(key, x.shape)


        noisy(jax.random.PRNGKey(42), 2, jnp.ones(3))
        """,
        set(),
    ),
    (
        "key_passed_as_a_static_argument",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp


        @partial(jax.jit, static_argnums=(0, 1))
        def noisy(key, scale, x):
            return x + scale * jax.random.normal(key, x.shape)


        noisy(jax.random.PRNGKey(42), 2, jnp.ones(3))
        """,
        {"jit-unhashable-static-argument"},
    ),
    (
        "split_keys_as_a_static_argument",
        """
        import jax

        keys = jax.random.split(jax.random.key(0), 4)
        jax.jit(lambda ks, n: n, static_argnums=0)(keys, 3)
        """,
        {"jit-unhashable-static-argument"},
    ),
    (
        "partial_keyword_after_the_loop_index",
        """
        import functools

        import jax
        import jax.numpy as jnp


        def body(start, carry, masked):
            if masked:
                return carry + start
            return carry


        jax.lax.fori_loop(0, 3, functools.partial(body, masked=True), jnp.zeros(()))
        """,
        set(),
    ),
    (
        "partial_keyword_in_the_loop_index_position",
        """
        import functools

        import jax
        import jax.numpy as jnp


        def body(masked, start, carry):
            if masked:
                return carry + start
            return carry


        jax.lax.fori_loop(0, 3, functools.partial(body, masked=True), jnp.zeros(()))
        """,
        set(),
    ),
]


#: Programs Python refuses before JAX sees them (a parameter given twice): no finding of ours,
#: and the body's own code, which never runs, gets none either.
RAISE_UNREPORTED = frozenset({"partial_keyword_in_the_loop_index_position"})


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_surely_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    programs = {name: textwrap.dedent(source) for name, source, _ in CASES}
    return run_on_jax("fresh3_causes", programs, tmp_path_factory.mktemp("fresh3"))


@pytest.mark.jax
@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran: dict[str, Any]
) -> None:
    raises = bool(expected) or name in RAISE_UNREPORTED
    assert ran[name]["raised"] == raises, ran[name].get("message") or name
