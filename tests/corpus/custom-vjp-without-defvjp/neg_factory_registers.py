"""The gradient-scaling factory registers fwd and bwd before returning the function."""
# corpus: label=negative styles=return,attribute

import jax
import jax.numpy as jnp


def make_scale_gradient(scale):
    @jax.custom_vjp
    def scale_gradient(x):
        return x

    def fwd(x):
        return x, None

    def bwd(_, g):
        return (scale * g,)

    scale_gradient.defvjp(fwd, bwd)
    return scale_gradient


half_grad = make_scale_gradient(0.5)
print(jax.grad(lambda w: jnp.sum(half_grad(w) ** 2))(jnp.arange(3.0)))
