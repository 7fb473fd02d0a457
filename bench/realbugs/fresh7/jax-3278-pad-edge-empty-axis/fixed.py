# realbug: jax-3278-pad-edge-empty-axis (fixed)
# source: https://github.com/jax-ml/jax/pull/3278
import jax.numpy as jnp

jnp.pad(jnp.array([]), 4, mode="constant")
