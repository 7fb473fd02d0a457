"""Runs a GatedDense layer from the nets package under jax.jit."""
# corpus: rule=tracer-bool-conversion-error label=positive styles=module,method

import jax
import jax.numpy as jnp
from jax import random
from nets import Dense, GatedDense

k1, k2 = random.split(random.key(0))
hidden = GatedDense(k1, 4, 8)
readout = Dense(k2, 8, 1)


@jax.jit
def forward(x):
    return readout(hidden(x))


print(forward(jnp.ones((2, 4))))
