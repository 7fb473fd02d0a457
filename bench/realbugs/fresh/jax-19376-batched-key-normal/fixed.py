# realbug: jax-19376-batched-key-normal (fixed)
# source: https://github.com/jax-ml/jax/issues/19376
import jax

batch_size = 8
sample_shape = (batch_size,)
rng = jax.random.PRNGKey(0)
rng = jax.random.split(rng, batch_size)

print(jax.vmap(lambda k: jax.random.normal(k, shape=()))(rng))
