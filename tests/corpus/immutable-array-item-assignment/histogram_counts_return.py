"""The counts array a helper returns (a jax array) is bumped with `counts[label] += 1`."""
# corpus: label=positive styles=return

import jax.numpy as jnp


def empty_counts(num_classes):
    return jnp.zeros(num_classes, dtype=jnp.int32)


def histogram(labels, num_classes):
    counts = empty_counts(num_classes)
    for label in labels:
        counts[label] += 1  # expect: immutable-array-item-assignment
    return counts


histogram([0, 2, 2, 1], 3)
