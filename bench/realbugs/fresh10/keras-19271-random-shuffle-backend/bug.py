# realbug: keras-19271-random-shuffle-backend
# source: https://github.com/keras-team/keras/issues/19271
# kind: removed-name
# raises: AttributeError: module 'jax.random' has no attribute 'shuffle'
# Keras's JAX backend (keras/backend/jax/random.py) shuffled with `jax.random.shuffle(seed, x,
# axis)`, deprecated since 2020 and now removed; the seed helper is reduced to a key.
import jax
import jax.numpy as jnp


def jax_draw_seed(seed):
    return jax.random.PRNGKey(seed) if isinstance(seed, int) else seed


def shuffle(x, axis=0, seed=None):
    seed = jax_draw_seed(seed)
    return jax.random.shuffle(seed, x, axis)  # BUG


print(shuffle(jnp.arange(10), seed=1337))
