"""A fori_loop body returns one value, which is right for fori_loop (not scan)."""
# corpus: label=negative styles=parameter

import jax.numpy as jnp
from jax import lax


def power_iteration(m, v, num_iters=20):
    def body(_, v):
        w = m @ v
        return w / jnp.linalg.norm(w)

    return lax.fori_loop(0, num_iters, body, v)


print(power_iteration(jnp.array([[2.0, 1.0], [1.0, 3.0]]), jnp.ones(2)))
