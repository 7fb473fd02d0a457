"""A top-k helper bound with functools.partial receives k through a jitted caller's argument."""
# corpus: label=positive styles=transform,parameter batch=s25

from functools import partial

import jax
import jax.numpy as jnp


def top_k_mask(scores, k):
    thresh = jnp.sort(scores)[-int(k)]  # expect: concretization-type-error
    return scores >= thresh


@jax.jit
def select(scores, k):
    masker = partial(top_k_mask, k=k)
    return masker(scores)


print(select(jnp.arange(6.0), 2))
