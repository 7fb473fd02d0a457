"""The same repetition with n marked static."""

# corpus: label=negative styles=parameter,transform
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def repeat_rows(x, n):
    return jnp.stack([x for _ in range(n)])


repeat_rows(jnp.ones(3), 4)
