"""Two loss terms collected in a list and summed as NumPy would."""
# corpus: label=positive styles=direct batch=s32

import jax.numpy as jnp

pred = jnp.ones(4)
target = jnp.zeros(4)
losses = [jnp.mean((pred - target) ** 2), 0.01 * jnp.sum(pred**2)]
print(jnp.sum(losses))  # expect: list-as-array-argument
