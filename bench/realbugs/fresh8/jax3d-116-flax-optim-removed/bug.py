# realbug: jax3d-116-flax-optim-removed
# source: https://github.com/google-research/jax3d/issues/116
# kind: removed-api
# raises: AttributeError: module 'flax' has no attribute 'optim'
# MobileNeRF's stage1.py builds its optimizer with `flax.optim.Adam(...).create(model_vars)`;
# `flax.optim` was removed in flax 0.6. The model variables are a small dict here.
import flax
import jax.numpy as jnp

model_vars = {"params": {"w": jnp.zeros((3, 3))}}
adam_kwargs = {"beta1": 0.9, "beta2": 0.999, "eps": 1e-15}
state = flax.optim.Adam(**adam_kwargs).create(model_vars)  # BUG
