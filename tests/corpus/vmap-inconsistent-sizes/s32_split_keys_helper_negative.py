# corpus: label=negative styles=helper batch=s32
import jax
import jax.numpy as jnp


def make_keys(seed, count):
    return jax.random.split(jax.random.PRNGKey(seed), count)


def add_noise(key, x):
    return x + jax.random.normal(key, x.shape)


data = jnp.zeros((16, 4))
keys = make_keys(0, data.shape[0])
noisy = jax.vmap(add_noise)(keys, data)
