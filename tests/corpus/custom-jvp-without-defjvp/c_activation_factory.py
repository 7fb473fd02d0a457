# corpus: label=positive styles=attribute,return batch=c
"""A factory builds a parameterised activation as a custom_jvp and returns it; nobody
registers its rule."""

import jax
import jax.numpy as jnp


def make_swish(beta=1.0):
    @jax.custom_jvp
    def swish(x):  # expect: custom-jvp-without-defjvp
        return x * jax.nn.sigmoid(beta * x)

    return swish


ACTIVATIONS = {"swish": make_swish(), "swish2": make_swish(2.0)}


def forward(params, x, activation="swish"):
    act = ACTIVATIONS[activation]
    return act(x @ params["w"])


params = {"w": jnp.eye(3)}
print(forward(params, jnp.ones((2, 3))))
