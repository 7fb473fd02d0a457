"""A cond returns an integer count in one branch and a float in the other."""
# corpus: label=positive styles=return,parameter batch=s25

import jax
import jax.numpy as jnp
from jax import lax


def score(x, use_count):
    return lax.cond(  # expect: cond-branch-output-mismatch
        use_count, lambda v: (v > 0).sum(), lambda v: v.sum(), x
    )


print(jax.jit(score)(jnp.ones(3), True))
