# realbug: flax-2410-rng-as-static-argument (fixed)
# source: https://github.com/google/flax/issues/2410
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def train_step(rng, metric, batch):
    noise = jax.random.normal(rng, batch.shape)
    return jnp.mean((batch + noise) ** 2) * metric


rng = jax.random.PRNGKey(42)
print(train_step(rng, 2, jnp.ones((4, 3))))
