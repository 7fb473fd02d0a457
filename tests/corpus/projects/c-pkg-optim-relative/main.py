# corpus: rule=immutable-array-item-assignment label=positive styles=module,helper,parameter batch=c
"""The training script imports the optimizer from the package and takes one step."""

import jax
import jax.numpy as jnp
from optim.momentum import init, step


def loss(params):
    return jnp.sum(params["w"] ** 2) + jnp.sum(params["b"] ** 2)


params = {"w": jnp.ones((2, 2)), "b": jnp.ones(2)}
state = init(params)
params, state = step(params, jax.grad(loss)(params), state)
print(params)
