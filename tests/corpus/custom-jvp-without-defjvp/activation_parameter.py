"""The activation is passed to a generic layer function as a parameter (and a default)."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


@jax.custom_jvp
def clamp01(x):  # expect: custom-jvp-without-defjvp
    return jnp.clip(x, 0.0, 1.0)


def dense(params, x, activation=clamp01):
    return activation(x @ params["w"] + params["b"])


def loss(params, x, y):
    return jnp.mean((dense(params, x) - y) ** 2)


params = {"w": jnp.full((3, 1), 0.1), "b": jnp.zeros(1)}
x, y = jnp.ones((4, 3)), jnp.ones((4, 1))
print(jax.value_and_grad(loss)(params, x, y))
