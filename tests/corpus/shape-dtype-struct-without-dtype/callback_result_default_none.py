"""A pure_callback wrapper builds its result shape with a dtype that defaults to None."""
# corpus: label=positive styles=helper,parameter

import jax
import numpy as np


def host_call(fn, x, dtype=None):
    out = jax.ShapeDtypeStruct(x.shape, dtype)  # expect: shape-dtype-struct-without-dtype
    return jax.pure_callback(fn, out, x)


host_call(np.sin, np.ones(3, np.float32))
