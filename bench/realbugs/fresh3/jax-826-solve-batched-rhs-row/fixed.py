# realbug: jax-826-solve-batched-rhs-row (fixed)
# source: https://github.com/jax-ml/jax/issues/826
import jax.numpy as jnp
from jax import random

RNG = random.PRNGKey(42)
keyY, keyS = random.split(RNG)

dim = 3
comp = 4

y = jnp.expand_dims(random.uniform(keyY, shape=(dim,)), 0)
S = random.uniform(keyS, shape=(comp, dim, dim))

x = jnp.linalg.solve(S, y[..., None]).squeeze(-1)
print(jnp.sum(y * x, axis=1).shape)
