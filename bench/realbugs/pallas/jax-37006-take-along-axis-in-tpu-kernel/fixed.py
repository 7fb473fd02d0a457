# realbug: jax-37006-take-along-axis-in-tpu-kernel (fixed)
# source: https://github.com/jax-ml/jax/issues/37006
# The fix: each row's element picked by comparing a column iota with its index and summing
# the row (a select and a lane reduction), not a gather.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def gather_kernel(input_ref, index_ref, output_ref):
    data = input_ref[:, :]  # [N, V]
    idx = index_ref[:, :]  # [N, 1]
    cols = jax.lax.broadcasted_iota(jnp.int32, data.shape, 1)
    picked = jnp.where(cols == idx.astype(jnp.int32), data, 0.0)
    output_ref[:, :] = jnp.sum(picked, axis=1, keepdims=True)


def main():
    N, V = 128, 1000

    data = jnp.arange(N * V, dtype=jnp.float32).reshape(N, V)
    indices = (jnp.arange(N, dtype=jnp.int32) % V).reshape(N, 1)

    expected = jnp.take_along_axis(data, indices, axis=1)
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
    assert bool(jnp.all(result == expected)), (result[:5, 0], expected[:5, 0])


if __name__ == "__main__":
    main()
