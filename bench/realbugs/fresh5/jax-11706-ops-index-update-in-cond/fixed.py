# realbug: jax-11706-ops-index-update-in-cond (fixed)
# source: https://github.com/jax-ml/jax/issues/11706
import jax
import jax.numpy as jnp

def _through_time(batch, t):
    predicted = batch[t] * 0.5
    batch = jax.lax.cond(
        t < batch.shape[0] - 1,
        lambda x: x.at[t + 1].set(predicted),
        lambda x: x, batch)
    return batch, None

batch = jnp.ones((4, 3))
batch, _ = jax.lax.scan(_through_time, batch, jnp.arange(4))
