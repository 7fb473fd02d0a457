# realbug: jax-20051-triton-matvec-small-dim
# source: https://github.com/jax-ml/jax/issues/20051
# kind: pallas-triton-dot-size
# raises: ValueError: all dimensions of x and y must be >= 16
# needs: GPU (Triton). interpret=True runs it, as the reporter noted.
import jax
from jax.experimental import pallas as pl


def matrix_multiply(x_ref, y_ref, o_ref):
    o_ref[:, :] = x_ref[:, :] @ y_ref[:, :]  # BUG


@jax.jit
def matmul(x: jax.Array, y: jax.Array) -> jax.Array:
    return pl.pallas_call(
        matrix_multiply,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
        # interpret=True
    )(x, y)


k1, k2 = jax.random.split(jax.random.PRNGKey(0))
x = jax.random.normal(k1, (32, 32))
y = jax.random.normal(k2, (32, 1))

print(matmul(x, y))
