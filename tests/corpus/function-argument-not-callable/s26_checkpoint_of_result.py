"""A rematerialized loss is built with `jax.checkpoint(loss)`, but the gradient is taken of its value at the params (`jax.grad(remat_loss(params))`) instead of the function."""
# corpus: label=positive styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(jnp.sin(params) * 2.0)


def grad_step(params, lr=0.1):
    remat_loss = jax.checkpoint(loss)
    grad_fn = jax.grad(remat_loss(params))  # expect: function-argument-not-callable
    return params - lr * grad_fn(params)


print(grad_step(jnp.ones(3)))
