"""Under jit, one branch returns an index (int32) and the other a float score."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def pick(scores, greedy):
    return lax.cond(  # expect: cond-branch-output-mismatch
        greedy,
        lambda s: jnp.argmax(s),
        lambda s: s.max(),
        scores,
    )


print(pick(jnp.arange(5.0), True))
