"""The scale is an argument of the custom_vjp function, whose bwd returns its cotangent."""
# corpus: label=negative styles=helper,transform batch=s29

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped(v, scale):
    return v * scale


def clipped_fwd(v, scale):
    return clipped(v, scale), (v, scale)


def clipped_bwd(residuals, g):
    v, scale = residuals
    return (jnp.clip(g * scale, -1.0, 1.0), jnp.sum(g * v))


clipped.defvjp(clipped_fwd, clipped_bwd)


def scaled_loss(scale, x):
    return jnp.sum(clipped(x, scale) ** 2)


value, grad = jax.value_and_grad(scaled_loss)(3.0, jnp.ones(5))
print(value, grad)
