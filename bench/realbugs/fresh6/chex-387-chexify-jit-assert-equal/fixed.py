# realbug: chex-387-chexify-jit-assert-equal (fixed)
# source: https://github.com/google-deepmind/chex/issues/387
import jax
import chex
import jax.numpy as jnp


@chex.chexify
@jax.jit
def f(x):
    chex.assert_trees_all_equal(x, jnp.zeros_like(x))
    return


f(0)
