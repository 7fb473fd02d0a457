"""fwd and bwd are written for a gradient-reversal layer, but defvjp is never called."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.custom_vjp
def reverse_gradient(x):  # expect: custom-vjp-without-defvjp
    return x


def reverse_gradient_fwd(x):
    return x, None


def reverse_gradient_bwd(_, g):
    return (-g,)


def domain_loss(features):
    return jnp.mean(reverse_gradient(features) ** 2)


print(jax.grad(domain_loss)(jnp.ones((4, 2))))
