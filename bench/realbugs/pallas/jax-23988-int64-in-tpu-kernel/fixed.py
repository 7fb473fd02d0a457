# realbug: jax-23988-int64-in-tpu-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/23988
# The fix: 32-bit inside the kernel, widened outside it.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

jax.config.update("jax_enable_x64", True)


def main():
    @functools.partial(
        pl.pallas_call,
        out_shape=jax.ShapeDtypeStruct((1, 1), jnp.int32),
    )
    def kernel(o_ref):
        x = (jnp.uint32(1) + jnp.uint32(2)).astype(jnp.int32)
        o_ref[...] = x.reshape((1, 1))

    out = kernel().astype(jnp.int64)
    print(out)


if __name__ == "__main__":
    main()
