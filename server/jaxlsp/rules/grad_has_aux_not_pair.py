"""``jax.grad(f, has_aux=True)`` (or ``value_and_grad``, ``jacrev``, ``jacfwd``) of a function that
surely does not return a pair: an array, a number, a dict, or a tuple or list of another
length than two.

JAX unpacks (output, aux) from the function's result when the transformed function is called,
and raises TypeError otherwise.  Silent when any path may return a pair.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class GradHasAuxNotPair(ShapeRule):
    NAME = "grad-has-aux-not-pair"
    CODE = "grad-has-aux-not-pair"
    RECORD_ID = "2a0db6ce69af4c09"
    KINDS = frozenset({"has-aux-output"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Return (output, aux), grouping several auxiliary values in one tuple or dict, or "
        "drop has_aux=True."
    )

    VALID = (
        # made but never called (a trainer's method, for callers elsewhere): JAX unpacks the
        # pair only at a call
        """
import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self):
        self.grad_fn = jax.value_and_grad(self.loss, has_aux=True)

    def loss(self, w, x):
        return jnp.sum((x @ w) ** 2)
""",
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    pred = w * x
    return jnp.sum(pred**2), {"pred": pred, "norm": jnp.linalg.norm(w)}

def loss_list(w):
    return [jnp.sum(w**2), w]

jax.grad(loss, has_aux=True)(jnp.ones(3), jnp.ones(3))
jax.value_and_grad(loss, has_aux=True)(jnp.ones(3), jnp.ones(3))
jax.grad(loss_list, has_aux=True)(jnp.ones(3))
jax.grad(lambda w: jnp.sum(w**2))(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def loss(w):
    return jnp.sum(w**2)

grad_fn = jax.grad(loss, has_aux=True)
grad_fn(jnp.ones(3))  # expect: grad-has-aux-not-pair
""",
        # three values where two go
        """
import jax
import jax.numpy as jnp

def loss(w, x):
    pred = w * x
    return jnp.sum(pred**2), pred, jnp.linalg.norm(w)

jax.value_and_grad(loss, has_aux=True)(jnp.ones(3), jnp.ones(3))  # expect: grad-has-aux-not-pair
""",
    )
