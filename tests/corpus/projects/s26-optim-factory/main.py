"""main.py initializes the optimizer state from the params dict, but computes gradients for a params dict that gained a key (`"scale"`) afterwards; the optimizer's `tree.map` over the state and the grads fails in the package module."""
# corpus: rule=tree-map-structure-mismatch label=positive styles=module,return batch=s26

import jax
import jax.numpy as jnp
from optim import apply_updates, momentum

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
init, update = momentum(0.1)
state = init(params)
params = dict(params, scale=jnp.ones(()))


def loss(p):
    return jnp.sum((p["w"] * p["scale"] + p["b"]) ** 2)


grads = jax.grad(loss)(params)
updates, state = update(grads, state)
print(apply_updates(params, updates))
