"""A factory that makes a replay-buffer pytree class for a given capacity, with its size kept
out of the constructor."""

# corpus: label=positive styles=helper,return batch=s40

import jax.numpy as jnp
from flax import struct


def make_buffer_class(capacity):
    class Buffer(struct.PyTreeNode):  # expect: flax-struct-field-init-false
        data: jnp.ndarray
        size: int = struct.field(pytree_node=False, init=False, default=capacity)

    return Buffer


Buffer = make_buffer_class(128)
print(Buffer(jnp.zeros((128, 4))))
