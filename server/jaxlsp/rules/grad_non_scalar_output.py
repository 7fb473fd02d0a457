"""``jax.grad`` (or ``value_and_grad``) of a function whose output is not a scalar.

Reported when the output's shape is known and not ``()``, or when the output is a tuple, list or
dict (a loss returned with other values) and ``has_aux`` is surely not set.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class GradNonScalarOutput(ShapeRule):
    NAME = "grad-non-scalar-output"
    FORMER_NAMES = ("grad-non-scalar",)
    CODE = "grad-non-scalar-output"
    RECORD_ID = "69e9f18d22d276f2"
    KINDS = frozenset({"grad-scalar"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Reduce the output to a scalar (`.sum()`, `.mean()`), or use `jax.jacobian` or "
        "`jax.vjp` for a non-scalar output."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    return ((x @ w) ** 2).mean()

jax.grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3)))
""",
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    pred = x @ w
    return (pred**2).mean(), pred

jax.grad(loss, has_aux=True)(jnp.ones((3, 2)), jnp.ones((4, 3)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    return (x @ w) ** 2

jax.grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3)))  # expect: grad-non-scalar-output
""",
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    pred = x @ w
    return (pred**2).mean(), pred

jax.grad(loss)(jnp.ones((3, 2)), jnp.ones((4, 3)))  # expect: grad-non-scalar-output
""",
    )
