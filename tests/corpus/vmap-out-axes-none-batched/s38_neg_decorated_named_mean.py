# corpus: label=negative styles=transform,return batch=s38
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.vmap, axis_name="batch", out_axes=None)
def batch_mean(x):
    return lax.pmean(x, "batch")


batch_mean(jnp.arange(5.0))
