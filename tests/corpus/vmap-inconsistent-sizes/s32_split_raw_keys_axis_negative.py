# corpus: label=negative styles=direct batch=s32
import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.PRNGKey(0), 4)
# the raw keys' second axis (the key data) is mapped against a batch of its size
words = jax.vmap(lambda k, x: k.sum() + x, in_axes=(1, 0))(keys, jnp.ones((2, 3)))
print(words)
