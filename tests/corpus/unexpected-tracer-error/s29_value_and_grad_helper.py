"""A helper clips gradients with a custom_vjp that reads the scale of the loss around it,
and value_and_grad differentiates that scale."""
# corpus: label=positive styles=helper,transform batch=s29

import jax
import jax.numpy as jnp


def scaled_loss(scale, x):
    @jax.custom_vjp
    def clipped(v):
        return v * scale

    def clipped_fwd(v):
        return clipped(v), None

    def clipped_bwd(_, g):
        return (jnp.clip(g, -1.0, 1.0),)

    clipped.defvjp(clipped_fwd, clipped_bwd)
    return jnp.sum(clipped(x) ** 2)  # expect: unexpected-tracer-error


value, grad = jax.value_and_grad(scaled_loss)(3.0, jnp.ones(5))
print(value, grad)
