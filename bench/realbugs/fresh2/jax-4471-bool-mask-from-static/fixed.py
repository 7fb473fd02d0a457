# realbug: jax-4471-bool-mask-from-static (fixed)
# source: https://github.com/jax-ml/jax/issues/4471
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=1)
def create_mask_inside_jitted_function(x, n):
    mask = np.arange(x.shape[0]) < n
    return x[mask].sum()


x = jnp.arange(6.0)
print(create_mask_inside_jitted_function(x, 3))
