"""The padding is made an array before it is concatenated."""
# corpus: label=negative styles=return batch=s32

import jax.numpy as jnp


def padding(count):
    return jnp.array([0.0 for _ in range(count)])


def pad_to(x, length):
    return jnp.concatenate([x, padding(length - x.shape[0])])


print(pad_to(jnp.ones(3), 5))
