"""Logging a scalar loss beside the per-parameter gradient norms in one array."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.sum((x @ w) ** 2)


def metrics(w, x):
    loss, grads = jax.value_and_grad(loss_fn)(w, x)
    norms = jnp.sqrt(jnp.sum(grads**2, axis=0))
    return jnp.array([loss, norms])  # expect: concatenate-rank-mismatch


print(metrics(jnp.ones((4, 2)), jnp.ones((5, 4))))
