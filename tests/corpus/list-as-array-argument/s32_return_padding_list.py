"""A helper returns the padding as a Python list, which is then concatenated to a vector."""
# corpus: label=positive styles=return batch=s32

import jax.numpy as jnp


def padding(count):
    return [0.0 for _ in range(count)]


def pad_to(x, length):
    return jnp.concatenate([x, padding(length - x.shape[0])])  # expect: list-as-array-argument


print(pad_to(jnp.ones(3), 5))
