"""AdamW's update is called the way Adam's is, without the parameters."""
# corpus: label=positive styles=direct

import jax.numpy as jnp
import optax

params = {"kernel": jnp.ones((2, 2))}
optimizer = optax.adamw(learning_rate=1e-3)
opt_state = optimizer.init(params)
grads = {"kernel": jnp.full((2, 2), 0.1)}
updates, opt_state = optimizer.update(grads, opt_state)  # expect: optax-update-without-params
print(updates)
