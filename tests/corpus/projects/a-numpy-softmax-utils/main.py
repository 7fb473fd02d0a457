"""Trains the softmax regression for a few steps: the jitted step reaches utils.softmax's np.exp."""
# corpus: rule=tracer-array-conversion-error label=positive styles=module,helper

import jax.numpy as jnp
from train import train_step

params = {"w": jnp.zeros((4, 3)), "b": jnp.zeros(3)}
x = jnp.ones((8, 4))
labels = jnp.array([0, 1, 2, 0, 1, 2, 0, 1])
for _ in range(3):
    params, loss = train_step(params, x, labels)
print(loss)
