"""A unit test of a sampling helper redraws what it should return from the same key."""
# corpus: label=positive styles=helper,return

import unittest

import jax
import jax.numpy as jnp


def init_bias(key, n):
    return 0.01 * jax.random.uniform(key, (n,))


class InitTest(unittest.TestCase):
    def test_bias_matches_a_direct_draw(self):
        key = jax.random.key(0)
        bias = init_bias(key, 3)
        direct = 0.01 * jax.random.uniform(key, (3,))  # expect: key-reuse-error
        self.assertTrue(bool(jnp.allclose(bias, direct)))


if __name__ == "__main__":
    jax.config.update("jax_debug_key_reuse", True)
    try:
        InitTest("test_bias_matches_a_direct_draw").debug()
    finally:
        jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
