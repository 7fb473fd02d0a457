# realbug: jax-22817-program-id-stored-into-vmem
# source: https://github.com/jax-ml/jax/issues/22817
# kind: pallas-tpu-scalar-store
# raises: ValueError: Cannot store scalars to VMEM|MLIRError|LoweringException|Verification failed
# needs: TPU. Mosaic cannot store the scalar program_id into one element of a VMEM Ref; the
# CPU interpret modes (interpret=True and pltpu.InterpretParams()) run it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised ValueError: Cannot store scalars to VMEM; fixed.py ran.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i  # BUG


def iota(size: int):
    return pl.pallas_call(
        iota_kernel, out_shape=jax.ShapeDtypeStruct((size,), jnp.int32), grid=(size,)
    )()


iota(8)
