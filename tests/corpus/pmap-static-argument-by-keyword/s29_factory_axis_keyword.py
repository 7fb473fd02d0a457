"""A factory returns a pmapped reduction; the caller names its static axis argument."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp


def make_reducer():
    def reduce(x, axis):
        return jnp.sum(x, axis=axis)

    return jax.pmap(reduce, static_broadcasted_argnums=1)


reducer = make_reducer()
data = jnp.ones((jax.local_device_count(), 4, 3))
print(reducer(data, axis=0))  # expect: pmap-static-argument-by-keyword
