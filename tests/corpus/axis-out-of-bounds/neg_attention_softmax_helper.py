"""The attention helper normalises over the last axis, which the 2-D scores have."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def normalise(scores, axis):
    return jax.nn.softmax(scores, axis=axis)


def attend(query, keys):
    scores = query @ keys.T
    return normalise(scores, axis=-1)


attend(jnp.ones((4, 8)), jnp.ones((6, 8)))
