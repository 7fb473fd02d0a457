# realbug: kfacjax-244-vjp-through-custom-jvp-kernel
# source: https://github.com/google-deepmind/kfac-jax/issues/244
# kind: pallas-reverse-mode
# raises: NotImplementedError: Transpose rule .*pallas_call
# The reporter put a custom_jvp on a Pallas add kernel whose tangent rule calls the kernel
# again; reverse mode then has to transpose pallas_call, which has no transpose rule.
# interpret=True runs it on the CPU.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y


@jax.custom_jvp
def add_vectors(x, y):
    return pl.pallas_call(  # BUG
        add_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x, y)


@add_vectors.defjvp
def add_vectors_jvp(primals, tangents):
    x, y = primals
    dx, dy = tangents
    return add_vectors(x, y), add_vectors(dx, dy)


x = jnp.ones(8)
y = jnp.ones(8)
grads = jax.grad(lambda x, y: add_vectors(x, y).sum())(x, y)  # BUG
