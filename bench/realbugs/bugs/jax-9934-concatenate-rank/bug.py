# realbug: jax-9934-concatenate-rank
# source: https://github.com/jax-ml/jax/issues/9934
# kind: concatenate
# raises: (TypeError|ValueError): Cannot concatenate arrays
from jax import numpy as jnp

print(jnp.concatenate([jnp.ones((2, 2, 2)), jnp.ones((3, 2))]))  # BUG
