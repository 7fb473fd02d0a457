"""The bin is cast to an integer dtype before it indexes the histogram."""
# corpus: label=negative styles=helper,return batch=s32

import jax
import jax.numpy as jnp


def bin_of(value, width):
    return jnp.floor(value / width).astype(jnp.int32)


@jax.jit
def count(histogram, value):
    return histogram.at[0].add(histogram[bin_of(value, 0.5)])


print(count(jnp.zeros(10), jnp.float32(1.3)))
