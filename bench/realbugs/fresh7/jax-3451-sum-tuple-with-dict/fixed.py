# realbug: jax-3451-sum-tuple-with-dict (fixed)
# source: https://github.com/jax-ml/jax/issues/3451
import jax.numpy as jnp

jnp.sum(jnp.zeros(1))
