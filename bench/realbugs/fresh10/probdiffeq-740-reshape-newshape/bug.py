# realbug: probdiffeq-740-reshape-newshape
# source: https://github.com/pnkraemer/probdiffeq/pull/740
# kind: unexpected-keyword
# raises: TypeError: reshape\(\) got an unexpected keyword argument 'newshape'
# probdiffeq reshaped its Taylor coefficients with `jnp.reshape(..., newshape=...)`; the keyword
# was deprecated in JAX 0.4.28 and is refused now (the PR renamed it to `shape`). The arrays
# are filled in.
import jax.numpy as jnp


def unravel(x, num_derivatives, ode_shape):
    return jnp.reshape(x, newshape=(num_derivatives + 1, *ode_shape))  # BUG


x = jnp.arange(12.0)
print(unravel(x, 2, (4,)).shape)
