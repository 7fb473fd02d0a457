# realbug: jax-11706-ops-index-update-in-cond
# source: https://github.com/jax-ml/jax/issues/11706
# kind: removed-api
# raises: AttributeError: module 'jax.ops' has no attribute 'index_update'
# The report's traceback shows the call inside `lax.cond` inside `lax.scan` (jkonet's
# model_jko.py); the step's other work and the data are filled in.
import jax
import jax.numpy as jnp

def _through_time(batch, t):
    predicted = batch[t] * 0.5
    batch = jax.lax.cond(
        t < batch.shape[0] - 1,
        lambda x: jax.ops.index_update(x, t + 1, predicted),  # BUG
        lambda x: x, batch)
    return batch, None

batch = jnp.ones((4, 3))
batch, _ = jax.lax.scan(_through_time, batch, jnp.arange(4))
