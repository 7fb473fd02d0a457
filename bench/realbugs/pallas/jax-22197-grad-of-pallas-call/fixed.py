# realbug: jax-22197-grad-of-pallas-call (fixed)
# source: https://github.com/jax-ml/jax/issues/22197
# The fix: give the kernel call its own VJP (custom_vjp), as Pallas kernels are used in training.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y


@jax.custom_vjp
def add_vectors(x, y):
    return pl.pallas_call(
        add_vectors_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, y)


def add_vectors_fwd(x, y):
    return add_vectors(x, y), None


def add_vectors_bwd(_, g):
    return g, g


add_vectors.defvjp(add_vectors_fwd, add_vectors_bwd)


def loss(x, y):
    return add_vectors(x, y).sum()


grad_pallas_call = jax.jit(jax.grad(loss))
x = jnp.arange(8.0)
y = jnp.arange(8.0)
pallas_grad_output = grad_pallas_call(x, y)
