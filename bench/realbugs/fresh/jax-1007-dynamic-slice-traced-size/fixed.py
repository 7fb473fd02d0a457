# realbug: jax-1007-dynamic-slice-traced-size (fixed)
# source: https://github.com/jax-ml/jax/issues/1007
from functools import partial

import jax
import jax.numpy as np


@partial(jax.jit, static_argnums=(1,))
def sum_first_k(a, k):
    return np.sum(jax.lax.dynamic_slice(a, (0,), (k,)))


print(sum_first_k(np.arange(3.0), 2))
