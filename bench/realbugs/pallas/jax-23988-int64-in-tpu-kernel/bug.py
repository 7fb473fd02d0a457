# realbug: jax-23988-int64-in-tpu-kernel
# source: https://github.com/jax-ml/jax/issues/23988
# kind: pallas-tpu-dtype
# raises: RecursionError|NotImplementedError|64-bit
# needs: TPU. Pallas TPU has no 64-bit types (the report got a recursion error, later
# releases say 64-bit types are not supported); the CPU interpret modes run it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised NotImplementedError: 64-bit types are not supported; fixed.py ran.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

jax.config.update("jax_enable_x64", True)


def main():
    @functools.partial(
        pl.pallas_call,
        out_shape=jax.ShapeDtypeStruct((1, 1), jnp.int64),  # BUG
    )
    def kernel(o_ref):
        x = (jnp.uint32(1) + jnp.uint32(2)).astype(jnp.int64)  # BUG
        o_ref[...] = x.reshape((1, 1))

    out = kernel()
    print(out)


if __name__ == "__main__":
    main()
