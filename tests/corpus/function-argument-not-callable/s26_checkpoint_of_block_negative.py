"""The gradient is taken of the rematerialized loss function itself."""
# corpus: label=negative styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(jnp.sin(params) * 2.0)


def grad_step(params, lr=0.1):
    remat_loss = jax.checkpoint(loss)
    grad_fn = jax.grad(remat_loss)
    return params - lr * grad_fn(params)


print(grad_step(jnp.ones(3)))
