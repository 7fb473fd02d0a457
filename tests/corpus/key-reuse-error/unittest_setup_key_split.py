"""The test case keeps its key from `setUp` and replaces it with a split before every draw."""
# corpus: label=negative styles=attribute,method
# realcode: lost true positive, fixed

import unittest

import jax
import jax.numpy as jnp


class DiceLossTest(unittest.TestCase):
    def setUp(self):
        super().setUp()
        self.key = jax.random.key(42)
        self.shape = (2, 8, 8, 3)

    def next_key(self):
        self.key, sub = jax.random.split(self.key)
        return sub

    def test_loss_is_bounded(self):
        logits = jax.random.normal(self.next_key(), self.shape)
        targets = jax.random.bernoulli(self.next_key(), 0.5, self.shape)
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
