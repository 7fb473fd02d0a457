# corpus: label=positive styles=direct batch=s37
"""A fused running-sum matmul (modelled on jax#19350): each step multiplies one (1, D) row of X
by the running weight and stores it with one index too many, into an (N,) region."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

STEPS = 4
D = 128


def cumsum_matmul_kernel(x_ref, w_ref, g_ref, o_ref):
    w_run = w_ref[0]
    for i in range(STEPS):
        w_run = w_run - g_ref[i]
        z = jnp.dot(x_ref[i], w_run)
        o_ref[i, 0] = z  # expect: pallas-store-shape-mismatch


def launch(x, w, g):
    x = jnp.expand_dims(x, axis=1)
    w = jnp.expand_dims(w, axis=0)
    return pl.pallas_call(
        cumsum_matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((STEPS, 1, D), x.dtype),
        interpret=True,
    )(x, w, g)


x = jnp.ones((STEPS, D), jnp.float32)
w = jnp.ones((D, D), jnp.float32)
g = jnp.full((STEPS, D, D), 0.01, jnp.float32)
print(launch(x, w, g).sum())
