# realbug: pgx-1314-categorical-axis-out-of-range
# source: https://github.com/sotetsuk/pgx/pull/1314
# kind: axis-range
# raises: IndexError: index 1 is out of bounds for axis 0 with size 1
# On 0.12 the out-of-range axis is reported as an IndexError naming the logits' shape.
# pgx sampled a random legal action with `axis=1` on an unbatched (1-D) legal-action mask;
# the mask and the logits built from it are filled in.
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
legal_action_mask = jnp.array([True, False, True, True])
logits = jnp.log(legal_action_mask.astype(jnp.float32))
action = jax.random.categorical(key, logits=logits, axis=1)  # BUG
