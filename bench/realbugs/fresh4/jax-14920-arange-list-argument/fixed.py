# realbug: jax-14920-arange-list-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/14920
import jax.numpy as jnp

jnp.arange(1, 3)
