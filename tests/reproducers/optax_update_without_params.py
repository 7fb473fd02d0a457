"""optax.adamw updated without the current parameters: its decayed-weights step reads them,
so ``update`` raises ValueError (optax 0.2.8)."""

import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3)}
grads = {"w": jnp.full(3, 0.5)}
optimizer = optax.adamw(learning_rate=1e-3)
state = optimizer.init(params)
updates, state = optimizer.update(grads, state)
