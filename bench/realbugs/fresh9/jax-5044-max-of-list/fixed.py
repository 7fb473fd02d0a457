# realbug: jax-5044-max-of-list (fixed)
# source: https://github.com/jax-ml/jax/issues/5044
import jax.numpy as jnp

jnp.max(jnp.array([1, 2]))
