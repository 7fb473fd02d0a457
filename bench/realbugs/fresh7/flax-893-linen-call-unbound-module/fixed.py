# realbug: flax-893-linen-call-unbound-module (fixed)
# source: https://github.com/google/flax/issues/893
import jax.numpy as jnp
from flax import linen as nn
from jax import random

test_dense = nn.Dense(10)
variables = test_dense.init(random.PRNGKey(0), jnp.ones((5, 5)))
y = test_dense.apply(variables, jnp.ones((5, 5)))
