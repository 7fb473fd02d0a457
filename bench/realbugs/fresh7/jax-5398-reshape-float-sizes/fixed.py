# realbug: jax-5398-reshape-float-sizes (fixed)
# source: https://github.com/jax-ml/jax/pull/5398
import jax.numpy as jnp

jnp.arange(6).reshape(2, 3)
