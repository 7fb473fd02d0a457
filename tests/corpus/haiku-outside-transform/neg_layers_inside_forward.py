"""The same layers built inside the transformed function."""
# corpus: label=negative styles=direct

import haiku as hk
import jax
import jax.numpy as jnp

sizes = [64, 32, 10]


def forward(x):
    for size in sizes:
        x = hk.Linear(size)(x)
    return x


model = hk.transform(forward)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
out = model.apply(params, None, jnp.ones((1, 3)))
