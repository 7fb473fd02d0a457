# realbug: egoallo-17-jit-zeros-traced-field
# source: https://github.com/brentyi/egoallo/issues/17
# kind: tracer-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
# The guidance optimizer is jitted with its parameters (a pytree) as an ordinary argument, so an
# integer field of them is traced where a size is needed. The optimizer is cut down to the
# array its size builds; the parameters to a NamedTuple.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GuidanceParams(NamedTuple):
    weight: float
    max_iters: int


@jax.jit
def _optimize_vmapped(guidance_params, x):
    history = jnp.zeros((guidance_params.max_iters,))  # BUG
    return history + guidance_params.weight * jnp.sum(x)


_optimize_vmapped(GuidanceParams(0.5, 10), jnp.ones(3))  # BUG
