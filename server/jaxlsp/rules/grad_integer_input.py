"""``jax.grad`` with respect to an integer or boolean argument.

Differentiation needs float (or complex) inputs.  Reported when the differentiated argument's
dtype is known to be an integer or bool, and ``allow_int`` is not set.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class GradIntegerInput(ShapeRule):
    NAME = "grad-integer-input"
    CODE = "grad-integer-input"
    RECORD_ID = "0210f14d3a962815"
    KINDS = frozenset({"grad-int"})
    ADVICE = (
        "Pass a float (`jnp.arange(3.0)`, `x.astype(jnp.float32)`), differentiate another "
        "argument (`argnums`), or use `allow_int=True` to get a zero gradient."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

def energy(positions):
    return (positions ** 2).sum()

jax.grad(energy)(jnp.arange(3.0))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def energy(positions):
    return (positions ** 2).sum()

positions = jnp.arange(3)
jax.grad(energy)(positions)  # expect: grad-integer-input
""",
    )
