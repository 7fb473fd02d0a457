# realbug: egoallo-17-jit-zeros-traced-field (fixed)
# source: https://github.com/brentyi/egoallo/issues/17
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GuidanceParams(NamedTuple):
    weight: float
    max_iters: int


@partial(jax.jit, static_argnums=0)
def _optimize_vmapped(guidance_params, x):
    history = jnp.zeros((guidance_params.max_iters,))
    return history + guidance_params.weight * jnp.sum(x)


_optimize_vmapped(GuidanceParams(0.5, 10), jnp.ones(3))
