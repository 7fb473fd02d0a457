"""A static argument of a ``jax.pmap``-ed function passed by keyword:
``jax.pmap(f, static_broadcasted_argnums=(1,))(x, b=1)``.

pmap counts ``static_broadcasted_argnums`` among each call's positional arguments and raises
ValueError, before tracing, when a position is missing (unlike jit, it does not accept the
parameter by name).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class PmapStaticArgumentByKeyword(ShapeRule):
    NAME = "pmap-static-argument-by-keyword"
    CODE = "pmap-static-argument-by-keyword"
    RECORD_ID = "9ca9ad5ea5f9a614"
    KINDS = frozenset({"pmap-static-positional"})
    NAMES_OPERANDS = False
    ADVICE = "Pass it positionally, or bind it with functools.partial before pmap."

    VALID = (
        """
import jax
import jax.numpy as jnp

def f(a, b):
    return a + b

g = jax.pmap(f, static_broadcasted_argnums=(1,))
g(jnp.ones((jax.local_device_count(), 1)), 1)
jax.pmap(f)(jnp.ones((jax.local_device_count(), 1)), b=jnp.ones((jax.local_device_count(), 1)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def f(a, b):
    return a + b

g = jax.pmap(f, static_broadcasted_argnums=(1,))
g(jnp.ones((jax.local_device_count(), 1)), b=1)  # expect: pmap-static-argument-by-keyword
""",
    )
