# realbug: jax-19376-batched-key-normal
# source: https://github.com/jax-ml/jax/issues/19376
# kind: random-batched-key
# raises: ValueError: normal accepts a single key, but was given a key array of shape
import jax

batch_size = 8
sample_shape = (batch_size,)
rng = jax.random.PRNGKey(0)
rng = jax.random.split(rng, batch_size)

print(jax.random.normal(rng, shape=sample_shape))  # BUG
