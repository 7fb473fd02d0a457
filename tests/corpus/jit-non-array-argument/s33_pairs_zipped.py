"""A jitted loss over (input, target) pairs handed the zip of the two batches."""
# corpus: label=positive styles=direct batch=s33

import jax
import jax.numpy as jnp


@jax.jit
def paired_loss(pairs):
    return sum(jnp.sum((x - y) ** 2) for x, y in pairs)


inputs = jnp.ones((4, 3))
targets = jnp.zeros((4, 3))
print(paired_loss(zip(inputs, targets)))  # expect: jit-non-array-argument
