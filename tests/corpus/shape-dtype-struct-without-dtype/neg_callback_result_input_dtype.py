"""A pure_callback wrapper builds its result shape from the input's dtype."""
# corpus: label=negative styles=helper,parameter

import jax
import numpy as np


def host_call(fn, x, dtype=None):
    out = jax.ShapeDtypeStruct(x.shape, dtype or x.dtype)
    return jax.pure_callback(fn, out, x)


host_call(np.sin, np.ones(3, np.float32))
