"""A train step forwards the batch as `**batch` keyword arguments to a gradient taken with `argnums=1`, so the gradient function gets one positional argument."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def loss(params, inputs, targets):
    return jnp.mean((inputs @ params - targets) ** 2)


def input_grad(params, **batch):
    return jax.grad(loss, argnums=1)(params, **batch)  # expect: grad-argnums-not-positional


print(input_grad(jnp.ones(3), inputs=jnp.ones((4, 3)), targets=jnp.zeros(4)))
