"""Under jit, a NumPy constant mask is concrete, and `jnp.nonzero(..., size=)` gives fixed-size indices."""
# corpus: label=negative styles=direct,return

import jax
import jax.numpy as jnp
import numpy as np

EVEN_SLOTS = np.array([True, False, True, False])


@jax.jit
def select(x):
    (idx,) = jnp.nonzero(x > 0, size=2, fill_value=0)
    return x[EVEN_SLOTS], x[idx], x.at[idx].set(0.0)


select(jnp.array([1.0, -2.0, 3.0, 4.0]))
