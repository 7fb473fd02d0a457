# realbug: jax-23884-scalar-stores-into-vmem
# source: https://github.com/jax-ml/jax/issues/23884
# kind: pallas-tpu-scalar-store
# raises: ValueError: Cannot store scalars to VMEM|MLIRError|LoweringException|Verification failed
# needs: TPU. A 0-d value stored into one element of a VMEM Ref fails Mosaic's verifier; the
# CPU interpret modes run it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised ValueError: Cannot store scalars to VMEM; fixed.py ran.
from functools import partial

import jax
from jax import numpy as jnp
from jax.experimental import pallas as pl


@partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((2,), jnp.int32),
)
def kernel(x_ref, o_ref):
    a = jnp.array(10, dtype=jnp.int32)
    o_ref[0] = a  # BUG
    o_ref[1] = a


def main():
    x = jnp.array([0, 0], dtype=jnp.int32)
    y = kernel(x)
    print(y)


if __name__ == "__main__":
    main()
