# realbug: jax3d-116-flax-optim-removed (fixed)
# source: https://github.com/google-research/jax3d/issues/116
import jax.numpy as jnp
import optax

model_vars = {"params": {"w": jnp.zeros((3, 3))}}
tx = optax.adam(1e-3, b1=0.9, b2=0.999, eps=1e-15)
state = tx.init(model_vars)
