# realbug: jax-11396-diagonal-1d (fixed)
# source: https://github.com/jax-ml/jax/issues/11396
import jax.numpy as jnp

M = jnp.ones(5)
jnp.diagonal(jnp.diag(M))
