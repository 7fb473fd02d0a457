# realbug: jax-4412-jit-sum-traced-axis (fixed)
# source: https://github.com/jax-ml/jax/pull/4412
import jax.numpy as jnp
from jax import jit

jit(jnp.sum, static_argnums=1)(jnp.arange(4), 0)
