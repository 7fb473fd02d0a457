"""An optax-like `apply_updates` maps over params kept as a tuple of layers and updates built as a list by a comprehension."""
# corpus: label=positive styles=helper,return batch=s26

import jax
import jax.numpy as jnp


def sgd_updates(grads, lr):
    return [-lr * g for g in grads]


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)  # expect: tree-map-structure-mismatch


params = tuple(jnp.ones(3) for _ in range(5))
grads = tuple(jnp.ones(3) for _ in range(5))
print(apply_updates(params, sgd_updates(grads, 0.1)))
