"""A generator yields one reduced loss per batch; the caller counts examples with `len` of each yielded value, a 0-d array."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def batch_losses(batches):
    for batch in batches:
        yield jnp.mean(batch**2)


def count_examples(batches):
    total = 0
    for loss in batch_losses(batches):
        total += len(loss)  # expect: len-of-0d-array
    return total


print(count_examples([jnp.ones((4, 3)), jnp.ones((2, 3))]))
