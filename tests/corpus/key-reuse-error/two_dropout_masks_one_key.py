"""A training step draws two dropout masks from one key: the masks are identical, a bug."""
# corpus: label=positive styles=direct,parameter

import jax
import jax.numpy as jnp


def train_step(params, x, key):
    hidden = jnp.tanh(x @ params["w1"])
    hidden = hidden * jax.random.bernoulli(key, 0.9, hidden.shape)
    out = jnp.tanh(hidden @ params["w2"])
    out = out * jax.random.bernoulli(key, 0.9, out.shape)  # expect: key-reuse-error
    return out.sum()


params = {"w1": jnp.ones((3, 4)), "w2": jnp.ones((4, 4))}
with jax.debug_key_reuse(True):
    train_step(params, jnp.ones((2, 3)), jax.random.key(5))
