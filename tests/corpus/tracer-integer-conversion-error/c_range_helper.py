# corpus: label=positive styles=helper batch=c
"""A power-iteration helper loops range(num_iters); num_iters arrives traced from the jitted
caller."""

import jax
import jax.numpy as jnp


def power_iteration(mat, num_iters):
    v = jnp.ones(mat.shape[0])
    for _ in range(num_iters):  # expect: tracer-integer-conversion-error
        v = mat @ v
        v = v / jnp.linalg.norm(v)
    return v


@jax.jit
def top_eigenvector(mat, iters):
    return power_iteration(mat, iters)


print(top_eigenvector(jnp.array([[2.0, 0.0], [0.0, 1.0]]), 20))
