"""The same optimizer factory passing the treedef first, as `tree_unflatten` takes it."""
# corpus: label=negative styles=return,attribute batch=s26

import jax
import jax.numpy as jnp


def sgd(lr):
    def init(params):
        return ()

    def update(grads, state):
        leaves, treedef = jax.tree_util.tree_flatten(grads)
        scaled = [-lr * g for g in leaves]
        return jax.tree_util.tree_unflatten(treedef, scaled), state

    return init, update


init, update = sgd(0.1)
params = {"w": jnp.ones(3), "b": jnp.zeros(())}
state = init(params)
updates, state = update(params, state)
print(updates)
