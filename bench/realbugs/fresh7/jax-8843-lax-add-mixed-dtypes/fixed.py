# realbug: jax-8843-lax-add-mixed-dtypes (fixed)
# source: https://github.com/jax-ml/jax/pull/8843
import jax.numpy as jnp

jnp.add(1, 1.0)
