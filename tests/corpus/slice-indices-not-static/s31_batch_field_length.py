"""A batch NamedTuple carries each sequence's length; the jitted loss cuts the tokens to it."""
# corpus: label=positive styles=attribute,parameter batch=s31

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Batch(NamedTuple):
    tokens: jax.Array
    length: jax.Array


@jax.jit
def loss(batch):
    valid = batch.tokens[: batch.length]  # expect: slice-indices-not-static
    return jnp.mean(valid)


print(loss(Batch(jnp.ones(8), jnp.array(5))))
