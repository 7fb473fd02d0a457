# corpus: label=negative styles=attribute,return batch=c
"""The factory registers the rule before it returns the activation."""

import jax
import jax.numpy as jnp


def make_swish(beta=1.0):
    @jax.custom_jvp
    def swish(x):
        return x * jax.nn.sigmoid(beta * x)

    @swish.defjvp
    def _swish_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        s = jax.nn.sigmoid(beta * x)
        return swish(x), (s + beta * x * s * (1 - s)) * t

    return swish


ACTIVATIONS = {"swish": make_swish(), "swish2": make_swish(2.0)}


def forward(params, x, activation="swish"):
    return ACTIVATIONS[activation](x @ params["w"])


params = {"w": jnp.eye(3)}
print(jax.grad(lambda p: forward(p, jnp.ones((2, 3))).sum())(params))
