"""`np.where` over the scores a jnp helper returns, inside a jitted ranking function."""
# corpus: label=positive styles=return

import jax
import jax.numpy as jnp
import numpy as np


def score(w, items):
    return jnp.dot(items, w)


@jax.jit
def ranked_gain(w, items):
    s = score(w, items)
    gains = np.where(s > 0, s, 0.0)  # expect: tracer-array-conversion-error
    return jnp.sum(gains / jnp.log2(jnp.arange(2, gains.shape[0] + 2)))


ranked_gain(jnp.ones(3), jnp.eye(3) - 0.5)
