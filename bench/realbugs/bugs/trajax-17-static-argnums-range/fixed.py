# realbug: trajax-17-static-argnums-range (fixed)
# source: https://github.com/google/trajax/issues/17
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0, 1, 4))
def ilqr(cost, dynamics, x0, U, maxiter, grad_norm_threshold):
    return cost(x0) + dynamics(U).sum() * maxiter * grad_norm_threshold


print(ilqr(jnp.sum, jnp.tanh, jnp.ones(2), jnp.ones(3), 10, 1e-4))
