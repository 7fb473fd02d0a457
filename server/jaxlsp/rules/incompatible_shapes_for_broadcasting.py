"""Elementwise operands whose shapes cannot broadcast: ``(4, 3) + (4,)``.

Aligned from the right, each pair of dimensions must be equal or one of them 1.  Reported
when both sizes are known integers (from how the arrays were made, through helpers,
attributes and transforms); a size that could be anything keeps the rule silent.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class IncompatibleShapesForBroadcasting(ShapeRule):
    NAME = "incompatible-shapes-for-broadcasting"
    FORMER_NAMES = ("broadcast-incompatible",)
    CODE = "incompatible-shapes-for-broadcasting"
    RECORD_ID = "a1341384abb41650"
    KINDS = frozenset({"broadcast"})
    ADVICE = (
        "Make the trailing dimensions agree: add an axis (`v[:, None]`), reduce with "
        "`keepdims=True`, or transpose one operand."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x):
    mean = x.mean(axis=1, keepdims=True)
    return x - mean

def add_bias(scores, bias):
    return scores + bias[:, None]

normalise(jnp.ones((8, 5)))
add_bias(jnp.ones((4, 3)), jnp.ones(4))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def add_bias(scores, bias):
    return scores + bias  # expect: incompatible-shapes-for-broadcasting

add_bias(jnp.ones((4, 3)), jnp.ones(4))
""",
        # a mean without keepdims, under jit
        """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(x):
    mean = x.mean(axis=1)
    return x - mean  # expect: incompatible-shapes-for-broadcasting

normalise(jnp.ones((8, 5)))
""",
    )
