"""The loss with metrics, differentiated with has_aux=True."""
# corpus: label=negative styles=transform,return batch=s25

import jax
import jax.numpy as jnp


def loss_with_metrics(w, x):
    loss = jnp.mean((x @ w) ** 2)
    return loss, {"norm": jnp.linalg.norm(w)}


def step(w, x):
    (_loss, _metrics), g = jax.value_and_grad(loss_with_metrics, has_aux=True)(w, x)
    return w - 0.1 * g


print(step(jnp.ones(3), jnp.ones((2, 3))))
