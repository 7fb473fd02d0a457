# realbug: jax-5403-lax-reduce-negative-axis (fixed)
# source: https://github.com/jax-ml/jax/pull/5403
import jax.numpy as jnp
from jax import lax

lax.reduce(jnp.arange(4), 0, lax.add, (0,))
