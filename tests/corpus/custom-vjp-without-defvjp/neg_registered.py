"""The gradient-reversal layer with its rules registered by defvjp."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.custom_vjp
def reverse_gradient(x):
    return x


def reverse_gradient_fwd(x):
    return x, None


def reverse_gradient_bwd(_, g):
    return (-g,)


reverse_gradient.defvjp(reverse_gradient_fwd, reverse_gradient_bwd)
print(jax.grad(lambda f: jnp.mean(reverse_gradient(f) ** 2))(jnp.ones((4, 2))))
