"""A factory returns a gradient-scaling custom_vjp but only defines its rules, never registers them."""
# corpus: label=positive styles=return,attribute

import jax
import jax.numpy as jnp


def make_scale_gradient(scale):
    @jax.custom_vjp
    def scale_gradient(x):  # expect: custom-vjp-without-defvjp
        return x

    def fwd(x):
        return x, None

    def bwd(_, g):
        return (scale * g,)

    return scale_gradient


half_grad = make_scale_gradient(0.5)


def loss(w):
    return jnp.sum(half_grad(w) ** 2)


print(jax.grad(loss)(jnp.arange(3.0)))
