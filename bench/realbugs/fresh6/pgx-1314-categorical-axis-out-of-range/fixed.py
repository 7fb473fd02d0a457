# realbug: pgx-1314-categorical-axis-out-of-range (fixed)
# source: https://github.com/sotetsuk/pgx/pull/1314
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
legal_action_mask = jnp.array([True, False, True, True])
logits = jnp.log(legal_action_mask.astype(jnp.float32))
action = jax.random.categorical(key, logits=logits, axis=-1)
