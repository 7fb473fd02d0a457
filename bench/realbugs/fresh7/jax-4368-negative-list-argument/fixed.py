# realbug: jax-4368-negative-list-argument (fixed)
# source: https://github.com/jax-ml/jax/pull/4368
import jax.numpy as jnp

jnp.negative(jnp.array([1, 2, 3]))
