"""A module constant says where the class axis goes in one_hot's output; for a batch of label
vectors the output has two axes, so axis 2 is past it."""
# corpus: label=positive styles=module,parameter

import jax
import jax.numpy as jnp

CLASS_AXIS = 2


def encode(labels, classes):
    return jax.nn.one_hot(labels, classes, axis=CLASS_AXIS)  # expect: axis-out-of-bounds


encode(jnp.array([0, 2, 1]), 3)
