# realbug: jax-20406-jit-argument-bound-into-kernel
# source: https://github.com/jax-ml/jax/issues/20406
# kind: pallas-kernel-captures-array
# raises: ValueError: The kernel function in the pallas_call .* captures constants
# The reporter's diagonal kernel: `k` is an argument of the jitted function, so it is a
# tracer, and `functools.partial` binds it to the kernel, which closes over it. The report's
# JAX said "safe_zip() argument 2 is shorter than argument 1"; 0.12 refuses the captured
# value. pl.store, gone in 0.12, is written as Ref indexing; interpret=True added (the error
# is raised while the kernel is traced, on every backend).
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def dia_kernel(x_ref, y_ref, z_ref, *, k):
    z_ref[:] = jnp.zeros_like(y_ref)
    z_ref[pl.ds(start=-k, size=y_ref.shape[0]), :] = x_ref[:] * y_ref[:]


@jax.jit
def dia(x: jax.Array, y: jax.Array, k: int) -> jax.Array:
    return pl.pallas_call(  # BUG
        partial(dia_kernel, k=k),  # BUG
        out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
        interpret=True,
    )(x, y)


x = jnp.expand_dims(jnp.arange(4), axis=1)
y = jnp.arange(1, 17).reshape(4, 4)
k = 1
res = dia(x, y, k)
print(res)
