"""An MLP whose parameter dict has a hidden width that differs between two layers."""
# corpus: label=positive styles=parameter,helper

import jax
import jax.numpy as jnp


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (16, 64)),
        "w2": jax.random.normal(k2, (32, 4)),
    }


def mlp(params, x):
    hidden = jax.nn.relu(x @ params["w1"])
    return hidden @ params["w2"]  # expect: dot-general-contracting-dims-mismatch


params = init_params(jax.random.key(0))
print(mlp(params, jnp.ones((5, 16))).shape)
