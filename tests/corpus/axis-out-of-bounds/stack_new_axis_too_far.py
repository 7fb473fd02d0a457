"""Frames stacked along a new trailing axis counted one past the end."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def frames():
    return [jnp.zeros((8, 8)) for _ in range(3)]


def video(channels_last_axis=3):
    return jnp.stack(frames(), axis=channels_last_axis)  # expect: axis-out-of-bounds


video()
