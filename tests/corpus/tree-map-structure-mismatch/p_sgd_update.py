"""An SGD helper maps over params and grads that lack the bias entry."""

# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def sgd(params, grads, lr=0.1):
    step = lambda p, g: p - lr * g
    return jax.tree_util.tree_map(step, params, grads)  # expect: tree-map-structure-mismatch


params = {"w": jnp.ones(3), "b": jnp.zeros(())}
grads = {"w": jnp.ones(3)}
sgd(params, grads)
