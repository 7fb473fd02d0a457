# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def sgd(params, grads, lr):
    return jax.tree.map(  # expect: tree-map-structure-mismatch
        lambda p, g: p - lr * g, params, grads
    )


params = {"layers": [jnp.ones(3), jnp.ones(3), jnp.ones(3)]}
grads = {"layers": [jnp.ones(3), jnp.ones(3)]}
sgd(params, grads, 0.1)
