# realbug: jax-826-solve-batched-rhs-row
# source: https://github.com/jax-ml/jax/issues/826
# kind: linalg-shapes
# raises: ValueError: Invalid shapes for solve
import jax.numpy as jnp
from jax import random

RNG = random.PRNGKey(42)
keyY, keyS = random.split(RNG)

dim = 3
comp = 4

y = jnp.expand_dims(random.uniform(keyY, shape=(dim,)), 0)
S = random.uniform(keyS, shape=(comp, dim, dim))

print(y.shape)
print(S.shape)

print(jnp.sum(y * jnp.linalg.solve(S, y), axis=1).shape)  # BUG
