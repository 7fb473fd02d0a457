# realbug: jax-37006-take-along-axis-in-tpu-kernel
# source: https://github.com/jax-ml/jax/issues/37006
# kind: pallas-tpu-gather
# raises: Multiple source vregs along gather dimension
# needs: TPU. jnp.take_along_axis of a (128, 1000) block by (128, 1) indices is a gather the
# Mosaic compiler refuses; the CPU interpret mode runs it. The report's argparse switch for
# interpret mode is dropped (the kernel runs with interpret off, as the report's failure).
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised MosaicError: INTERNAL: Mosaic failed to compile TPU kernel: Not implemented: Multiple
# source vregs along gather dimension; fixed.py ran. The pinned 0.12.0.1's Pallas lowering
# (`lowering_platforms=("tpu",)` on the CPU) accepts the gather: the refusal is Mosaic's.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def gather_kernel(input_ref, index_ref, output_ref):
    """Pallas kernel that uses jnp.take_along_axis."""
    data = input_ref[:, :]  # [N, V]
    idx = index_ref[:, :]  # [N, 1]
    result = jnp.take_along_axis(data, idx.astype(jnp.int32), axis=1)  # BUG
    output_ref[:, :] = result


def main():
    N, V = 128, 1000

    data = jnp.arange(N * V, dtype=jnp.float32).reshape(N, V)
    indices = (jnp.arange(N, dtype=jnp.int32) % V).reshape(N, 1)

    # This works outside pallas_call
    expected = jnp.take_along_axis(data, indices, axis=1)
    print(f"Outside pallas_call: {expected[:5, 0]}")

    # This fails inside pallas_call on TPU
    result = pl.pallas_call(
        gather_kernel,
        out_shape=jax.ShapeDtypeStruct((N, 1), jnp.float32),
        in_specs=[
            pl.BlockSpec((N, V), lambda i: (0, 0)),
            pl.BlockSpec((N, 1), lambda i: (0, 0)),
        ],
        out_specs=pl.BlockSpec((N, 1), lambda i: (0, 0)),
        grid=(1,),
    )(data, indices)

    print(f"Inside pallas_call: {result[:5, 0]}")


if __name__ == "__main__":
    main()
