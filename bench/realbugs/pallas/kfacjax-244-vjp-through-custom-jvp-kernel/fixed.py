# realbug: kfacjax-244-vjp-through-custom-jvp-kernel (fixed)
# source: https://github.com/google-deepmind/kfac-jax/issues/244
# The fix: the tangent rule is linear JAX code, which JAX can transpose.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y


@jax.custom_jvp
def add_vectors(x, y):
    return pl.pallas_call(
        add_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x, y)


@add_vectors.defjvp
def add_vectors_jvp(primals, tangents):
    x, y = primals
    dx, dy = tangents
    return add_vectors(x, y), dx + dy


x = jnp.ones(8)
y = jnp.ones(8)
grads = jax.grad(lambda x, y: add_vectors(x, y).sum())(x, y)
