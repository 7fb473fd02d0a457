# realbug: scenic-476-flax-optim-import (fixed)
# source: https://github.com/google-research/scenic/issues/476
import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3)}
tx = optax.adam(learning_rate=1e-3)
opt_state = tx.init(params)
print(params)
