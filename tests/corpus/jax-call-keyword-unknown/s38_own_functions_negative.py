"""Functions named like JAX's but the module's own, and keywords unpacked from a mapping."""

# corpus: label=negative styles=direct batch=s38

import jax.numpy as jnp
import numpy as np


def reshape(a, newshape):
    return jnp.reshape(a, newshape)


opts = {"max": 2.0}
a = reshape(jnp.ones(6), newshape=(2, 3))
b = jnp.clip(a, **opts)
c = np.clip(np.ones(3), a_min=0.0, a_max=1.0)
print(a.shape, b.max(), c)
