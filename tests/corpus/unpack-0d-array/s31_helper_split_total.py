"""A helper splits what it is given into two halves, but the jitted caller hands it a total."""
# corpus: label=positive styles=helper,return batch=s31

import jax
import jax.numpy as jnp


def halves(pair):
    first, second = pair  # expect: unpack-0d-array
    return first - second


@jax.jit
def balance(x):
    return halves(jnp.sum(x))


print(balance(jnp.ones(4)))
