# realbug: jax-1822-zeros-float-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/1822
import jax.numpy as jnp

jnp.zeros(1)
