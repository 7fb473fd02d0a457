# realbug: jax-24026-cos-in-tpu-kernel
# source: https://github.com/jax-ml/jax/issues/24026
# kind: pallas-tpu-unimplemented-primitive
# raises: NotImplementedError: Unimplemented primitive in Pallas TPU lowering: cos
# needs: TPU. The report's Mosaic lowering had no rule for cos (the issue was closed when one
# was added; whether 0.12 raises needs a TPU run). The CPU interpret mode computes it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# RUNS (0.10.2 lowers cos; the report's release did not): the label is the report's release's
# only; fixed.py ran.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    # interpret=True,
)
def cos_kernel(x_ref, o_ref):
    o_ref[...] = jnp.cos(x_ref[...])  # BUG


def main():
    x = jnp.full((8, 128), -0.2)
    out = cos_kernel(x)
    expected = jnp.cos(x)
    np.testing.assert_array_equal(out, expected)


if __name__ == "__main__":
    main()
