# corpus: label=positive styles=direct,attribute batch=pallas
"""An accumulating kernel declares a VMEM scratch buffer, but the kernel has no parameter
for it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

CONFIG = {"rows": 8, "cols": 128}


def accumulate_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones((CONFIG["rows"], CONFIG["cols"]), jnp.float32)
out = pl.pallas_call(  # expect: pallas-function-arity
    accumulate_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    scratch_shapes=[pltpu.VMEM((CONFIG["rows"], CONFIG["cols"]), jnp.float32)],
    interpret=True,
)(x)
print(out.sum())
