# realbug: jax-9934-concatenate-rank (fixed)
# source: https://github.com/jax-ml/jax/issues/9934
from jax import numpy as jnp

print(jnp.concatenate([jnp.ones((2, 2, 2)), jnp.ones((3, 2, 2))]))
