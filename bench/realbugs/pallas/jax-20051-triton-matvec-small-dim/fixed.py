# realbug: jax-20051-triton-matvec-small-dim (fixed)
# source: https://github.com/jax-ml/jax/issues/20051
# The maintainers' advice: a matrix-vector product as a multiply and a reduction.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def matrix_multiply(x_ref, y_ref, o_ref):
    o_ref[:, :] = jnp.sum(x_ref[:, :] * y_ref[:, 0][None, :], axis=1, keepdims=True)


@jax.jit
def matmul(x: jax.Array, y: jax.Array) -> jax.Array:
    return pl.pallas_call(
        matrix_multiply,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
    )(x, y)


k1, k2 = jax.random.split(jax.random.PRNGKey(0))
x = jax.random.normal(k1, (32, 32))
y = jax.random.normal(k2, (32, 1))

print(matmul(x, y))
