"""A helper rounds a continuous value down to a histogram bin, but keeps the float dtype."""
# corpus: label=positive styles=helper,return batch=s32

import jax
import jax.numpy as jnp


def bin_of(value, width):
    return jnp.floor(value / width)


@jax.jit
def count(histogram, value):
    return histogram.at[0].add(histogram[bin_of(value, 0.5)])  # expect: index-not-integer


print(count(jnp.zeros(10), jnp.float32(1.3)))
