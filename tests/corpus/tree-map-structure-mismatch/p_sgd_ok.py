"""An SGD helper maps over params and grads of the same structure."""

# corpus: label=negative styles=helper,parameter
import jax
import jax.numpy as jnp


def sgd(params, grads, lr=0.1):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


params = {"w": jnp.ones(3), "b": jnp.zeros(())}
sgd(params, jax.tree_util.tree_map(jnp.ones_like, params))
