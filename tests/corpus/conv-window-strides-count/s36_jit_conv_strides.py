"""A jitted 2-D convolution called with the strides of a 3-D one."""

# corpus: label=positive styles=transform,parameter batch=s36
import jax
import jax.numpy as jnp


@jax.jit
def features(images, kernel):
    return jax.lax.conv(images, kernel, (1, 1, 1), "VALID")  # expect: conv-window-strides-count


features(jnp.ones((1, 3, 8, 8)), jnp.ones((4, 3, 3, 3)))
