"""The factory binds the reduction's axis with functools.partial before pmap."""
# corpus: label=negative styles=transform,return batch=s29

from functools import partial

import jax
import jax.numpy as jnp


def make_reducer(axis):
    def reduce(x, axis):
        return jnp.sum(x, axis=axis)

    return jax.pmap(partial(reduce, axis=axis))


reducer = make_reducer(0)
data = jnp.ones((jax.local_device_count(), 4, 3))
print(reducer(data))
