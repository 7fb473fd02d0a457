"""A factory makes a scaled-sum custom_vjp op; its bwd broadcasts the cotangent of the sum to the input's shape."""
# corpus: label=negative styles=attribute,transform batch=e

import jax
import jax.numpy as jnp


def make_scaled_sum(scale):
    @jax.custom_vjp
    def scaled_sum(x):
        return scale * x.sum()

    def fwd(x):
        return scaled_sum(x), x.shape

    def bwd(shape, g):
        return (jnp.broadcast_to(g * scale, shape),)

    scaled_sum.defvjp(fwd, bwd)
    return scaled_sum


loss = make_scaled_sum(0.5)
value, grad = jax.value_and_grad(loss)(jnp.ones((3, 2)))
