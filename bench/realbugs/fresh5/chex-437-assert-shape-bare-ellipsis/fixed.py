# realbug: chex-437-assert-shape-bare-ellipsis (fixed)
# source: https://github.com/google-deepmind/chex/issues/437
import chex
import jax.numpy as jnp

x = jnp.zeros((3, 4))
chex.assert_shape(x, (...,))
