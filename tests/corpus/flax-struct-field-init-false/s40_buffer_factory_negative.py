"""The factory's buffer is a standard-library dataclass registered by hand, where init=False
is allowed (not a flax struct)."""

# corpus: label=negative styles=helper,return batch=s40

import dataclasses

import jax
import jax.numpy as jnp


def make_buffer_class(capacity):
    @dataclasses.dataclass
    class Buffer:
        data: jnp.ndarray
        size: int = dataclasses.field(init=False, default=capacity)

    return Buffer


Buffer = make_buffer_class(128)
print(jax.tree_util.tree_leaves(Buffer(jnp.zeros((128, 4))).data)[0].shape)
