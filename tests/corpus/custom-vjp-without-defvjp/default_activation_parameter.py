"""The unregistered custom_vjp is a layer's default activation parameter."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky_ste(x):  # expect: custom-vjp-without-defvjp
    return jnp.where(x > 0.0, x, 0.01 * x)


def dense(params, x, act=leaky_ste):
    return act(x @ params["w"] + params["b"])


def loss(params, x):
    return jnp.sum(dense(params, x))


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
loss_value, grads = jax.value_and_grad(loss)(params, jnp.ones((5, 3)))
print(loss_value, grads)
