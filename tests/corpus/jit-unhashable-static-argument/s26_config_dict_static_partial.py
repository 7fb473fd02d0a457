"""`functools.partial(jax.jit, static_argnums=1)` marks the model config static, and the config is a dict."""
# corpus: label=positive styles=transform,attribute batch=s26

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def forward(x, config):
    for _ in range(config["depth"]):
        x = jnp.tanh(x * config["scale"])
    return x


config = {"depth": 5, "scale": 0.5}
print(forward(jnp.ones(3), config))  # expect: jit-unhashable-static-argument
