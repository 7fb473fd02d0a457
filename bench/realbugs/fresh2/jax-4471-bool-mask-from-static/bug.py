# realbug: jax-4471-bool-mask-from-static
# source: https://github.com/jax-ml/jax/issues/4471
# kind: boolean-index-traced
# raises: NonConcreteBooleanIndexError: Array boolean indices must be concrete
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def create_mask_inside_jitted_function(x, n):
    mask = jnp.arange(x.shape[0]) < n
    return x[mask].sum()  # BUG


x = jnp.arange(6.0)
print(create_mask_inside_jitted_function(x, 3))
