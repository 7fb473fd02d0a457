# realbug: jax-24026-cos-in-tpu-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/24026
# The workaround: cos(x) as sin(x + pi/2), which the lowering had.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)
def cos_kernel(x_ref, o_ref):
    o_ref[...] = jnp.sin(x_ref[...] + np.float32(np.pi / 2))


def main():
    x = jnp.full((8, 128), -0.2)
    out = cos_kernel(x)
    expected = jnp.cos(x)
    np.testing.assert_allclose(out, expected, rtol=1e-6)


if __name__ == "__main__":
    main()
