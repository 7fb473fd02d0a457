"""A matrix product whose inner dimensions differ: ``(2, 8) @ (16, 4)``.

``@``, ``jnp.matmul``, ``jnp.dot``, ``jnp.tensordot`` and ``lax.dot_general`` contract the
last axis of the left operand with the second-to-last (or only) axis of the right one; when
both sizes are known and differ, JAX raises a TypeError naming them.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class DotGeneralContractingDimsMismatch(ShapeRule):
    NAME = "dot-general-contracting-dims-mismatch"
    FORMER_NAMES = ("matmul-inner-dimension",)
    CODE = "dot-general-contracting-dims-mismatch"
    RECORD_ID = "37a0a1bedcac20d8"
    KINDS = frozenset({"matmul"})
    ADVICE = (
        "The left operand's last axis must have the size of the right one's second-to-last: "
        "transpose a weight stored the other way (`x @ w.T`) or fix the layer's sizes."
    )

    VALID = (
        """
import jax.numpy as jnp

class Linear:
    def __init__(self, n_in, n_out):
        self.w = jnp.zeros((n_in, n_out))

    def __call__(self, x):
        return x @ self.w

layer = Linear(8, 4)
layer(jnp.ones((2, 8)))
jnp.dot(jnp.ones((3, 5)), jnp.ones((4, 5)).T)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

class Linear:
    def __init__(self, n_in, n_out):
        self.w = jnp.zeros((n_in, n_out))

    def __call__(self, x):
        return x @ self.w  # expect: dot-general-contracting-dims-mismatch

layer = Linear(16, 4)
layer(jnp.ones((2, 8)))
""",
        """
import jax.numpy as jnp

a = jnp.ones((3, 5))
b = jnp.ones((4, 5))
jnp.dot(a, b)  # expect: dot-general-contracting-dims-mismatch
""",
    )
