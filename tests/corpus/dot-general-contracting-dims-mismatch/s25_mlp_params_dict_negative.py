"""The MLP params with matching widths."""
# corpus: label=negative styles=attribute,helper batch=s25

import jax
import jax.numpy as jnp


def init(key, d_in, hidden, d_out):
    k1, k2 = jax.random.split(key)
    return {
        "hidden": {"w": jax.random.normal(k1, (d_in, hidden)), "b": jnp.zeros(hidden)},
        "out": {"w": jax.random.normal(k2, (hidden, d_out)), "b": jnp.zeros(d_out)},
    }


def dense(p, x):
    return x @ p["w"] + p["b"]


def forward(params, x):
    h = jax.nn.relu(dense(params["hidden"], x))
    return dense(params["out"], h)


params = init(jax.random.key(0), 784, 128, 10)
print(jax.jit(forward)(params, jnp.ones((8, 784))).shape)
