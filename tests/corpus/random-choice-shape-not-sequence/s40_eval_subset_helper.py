"""An evaluation subset whose size a helper returns."""

# corpus: label=positive styles=helper,return batch=s40

import jax
import jax.numpy as jnp


def eval_size(total):
    return total // 10


labels = jnp.arange(50)
key = jax.random.key(2)
picked = jax.random.choice(key, labels, eval_size(50))  # expect: random-choice-shape-not-sequence
