"""jit-output-not-jax-type: a jitted factory that returns ``jax.tree_util.Partial`` (a pytree,
which jit returns: netket's ``mat_vec_factory``) is silent; a ``functools.partial`` or a
lambda returned stays found.  Each program's outcome was run on the pinned JAX."""

from __future__ import annotations

from jaxlsp.engine import Engine
from tests.engine._expect import expected, findings_of

ENGINE = Engine()

HEAD = """
from functools import partial
import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def _mat_vec(jvp_fn, v, pdf=None):
    return jvp_fn(v)
"""


def test_pytree_partial_over_linearize_is_silent() -> None:
    # runs on JAX: the jitted factory returns the Partial and it is called
    source = (
        HEAD
        + """
@partial(jax.jit, static_argnums=0)
def mat_vec_factory(forward_fn, params, pdf=None):
    _, jvp_fn = jax.linearize(forward_fn, params)
    return Partial(_mat_vec, jvp_fn, pdf=pdf)


mat_vec_factory(jnp.sin, jnp.ones(3))(jnp.ones(3))
"""
    )
    assert expected(source) == set()
    assert not {c for _, c in findings_of(ENGINE, source) if c == "jit-output-not-jax-type"}


def test_functools_partial_returned_is_found() -> None:
    # raises TypeError on JAX: a functools.partial is not a pytree
    source = (
        HEAD
        + """
@partial(jax.jit, static_argnums=0)
def mat_vec_factory(forward_fn, params, pdf=None):
    _, jvp_fn = jax.linearize(forward_fn, params)
    return partial(_mat_vec, jvp_fn, pdf=pdf)


mat_vec_factory(jnp.sin, jnp.ones(3))  # expect: jit-output-not-jax-type
"""
    )
    found = {f for f in findings_of(ENGINE, source) if f[1] == "jit-output-not-jax-type"}
    assert found == expected(source)


def test_lambda_returned_is_found() -> None:
    source = (
        HEAD
        + """
@jax.jit
def make(scale):
    return lambda x: x * scale


make(2.0)  # expect: jit-output-not-jax-type
"""
    )
    found = {f for f in findings_of(ENGINE, source) if f[1] == "jit-output-not-jax-type"}
    assert found == expected(source)
