# corpus: label=positive styles=transform,return batch=s38
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=(0, None), out_axes=None)
def shifted(x, offset):
    return x + offset


shifted(jnp.arange(5.0), 1.0)  # expect: vmap-out-axes-none-batched
