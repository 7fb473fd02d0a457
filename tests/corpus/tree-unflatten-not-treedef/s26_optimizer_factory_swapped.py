"""An optax-like factory returns `(init, update)` closures; `update` flattens the grads and rebuilds them with the arguments of `tree_unflatten` swapped."""
# corpus: label=positive styles=return,attribute batch=s26

import jax
import jax.numpy as jnp


def sgd(lr):
    def init(params):
        return ()

    def update(grads, state):
        leaves, treedef = jax.tree_util.tree_flatten(grads)
        scaled = [-lr * g for g in leaves]
        unflatten = jax.tree_util.tree_unflatten
        updates = unflatten(scaled, treedef)  # expect: tree-unflatten-not-treedef
        return updates, state

    return init, update


init, update = sgd(0.1)
params = {"w": jnp.ones(3), "b": jnp.zeros(())}
state = init(params)
updates, state = update(params, state)
print(updates)
