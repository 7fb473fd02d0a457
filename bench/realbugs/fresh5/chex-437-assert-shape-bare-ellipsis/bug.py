# realbug: chex-437-assert-shape-bare-ellipsis
# source: https://github.com/google-deepmind/chex/issues/437
# kind: library-contract
# raises: AssertionError: .*expected shapes should be a list or tuple of ints, got Ellipsis
# The report gives the one call; x is filled in.
import chex
import jax.numpy as jnp

x = jnp.zeros((3, 4))
chex.assert_shape(x, ...)  # BUG
