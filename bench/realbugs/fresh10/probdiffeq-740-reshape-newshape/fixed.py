# realbug: probdiffeq-740-reshape-newshape (fixed)
# source: https://github.com/pnkraemer/probdiffeq/pull/740
import jax.numpy as jnp


def unravel(x, num_derivatives, ode_shape):
    return jnp.reshape(x, shape=(num_derivatives + 1, *ode_shape))


x = jnp.arange(12.0)
print(unravel(x, 2, (4,)).shape)
