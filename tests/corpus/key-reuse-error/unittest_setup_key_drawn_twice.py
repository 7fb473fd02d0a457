"""A test case keeps one key from `setUp`; a test method draws predictions and targets from it."""
# corpus: label=positive styles=attribute,method
# realcode: lost true positive (self.key from setUp)

import unittest

import jax
import jax.numpy as jnp


class DiceLossTest(unittest.TestCase):
    def setUp(self):
        super().setUp()
        self.key = jax.random.key(42)
        self.shape = (2, 8, 8, 3)

    def test_loss_is_bounded(self):
        key = self.key
        logits = jax.random.normal(key, self.shape)
        targets = jax.random.bernoulli(key, 0.5, self.shape)  # expect: key-reuse-error
        probs = jax.nn.sigmoid(logits)
        inter = jnp.sum(probs * targets)
        loss = 1.0 - 2.0 * inter / (jnp.sum(probs) + jnp.sum(targets))
        self.assertTrue(0.0 <= float(loss) <= 1.0)


if __name__ == "__main__":
    jax.config.update("jax_debug_key_reuse", True)
    try:
        DiceLossTest("test_loss_is_bounded").debug()
    finally:
        jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
