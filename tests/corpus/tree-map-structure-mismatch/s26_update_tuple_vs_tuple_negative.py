"""The updates keep the params' tuple structure (`jax.tree.map` over the grads)."""
# corpus: label=negative styles=helper,return batch=s26

import jax
import jax.numpy as jnp


def sgd_updates(grads, lr):
    return jax.tree.map(lambda g: -lr * g, grads)


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)


params = tuple(jnp.ones(3) for _ in range(5))
grads = tuple(jnp.ones(3) for _ in range(5))
print(apply_updates(params, sgd_updates(grads, 0.1)))
