# realbug: scenic-476-flax-optim-import
# source: https://github.com/google-research/scenic/issues/476
# kind: removed-module
# raises: ImportError: cannot import name 'optim' from 'flax'
# Training MTV with scenic imported `flax.optim`, removed in Flax 0.6.0; the optimizer built
# from it is filled in.
import jax
import jax.numpy as jnp
from flax import optim  # BUG

params = {"w": jnp.ones(3)}
optimizer = optim.Adam(learning_rate=1e-3).create(params)
print(optimizer.target)
