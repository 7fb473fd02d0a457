"""The hk.lift example run outside the transform it belongs in."""
# corpus: label=positive styles=return

import haiku as hk
import jax.numpy as jnp


def g(x):
    return hk.Linear(1)(x)


g = hk.transform(g)
init_rng = hk.next_rng_key() if hk.running_init() else None  # expect: haiku-outside-transform
x = jnp.ones([1, 1])
