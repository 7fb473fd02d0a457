"""An attention helper normalises the scores over the key axis, counted as in the batched
code, but it is called per example: the scores are 2-D."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def normalise(scores, axis):
    return jax.nn.softmax(scores, axis=axis)  # expect: axis-out-of-bounds


def attend(query, keys):
    scores = query @ keys.T
    return normalise(scores, axis=2)


attend(jnp.ones((4, 8)), jnp.ones((6, 8)))
