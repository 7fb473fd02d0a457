"""Frames stacked along a new trailing axis: the result has three axes, so axis 2 is the
new last one (stack counts the result's axes)."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp


def frames():
    return [jnp.zeros((8, 8)) for _ in range(3)]


def video(channels_last_axis=2):
    return jnp.stack(frames(), axis=channels_last_axis)


video()
