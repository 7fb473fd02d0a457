"""A helper computes gradients with has_aux; the loss groups logits and metrics in one aux."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def mse_loss(params, inputs, targets):
    logits = inputs @ params["w"] + params["b"]
    loss = jnp.mean((logits - targets) ** 2)
    return loss, (logits, {"max_err": jnp.max(jnp.abs(logits - targets))})


def compute_grads(loss_fn, params, inputs, targets):
    grad_fn = jax.grad(loss_fn, has_aux=True)
    return grad_fn(params, inputs, targets)


params = {"w": jnp.ones((4, 2)), "b": jnp.zeros(2)}
grads, aux = compute_grads(mse_loss, params, jnp.ones((8, 4)), jnp.zeros((8, 2)))
print(grads["w"].shape)
