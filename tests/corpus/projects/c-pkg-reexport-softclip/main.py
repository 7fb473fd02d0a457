# corpus: rule=custom-jvp-rule-not-pair label=positive styles=module,transform batch=c
"""A regression model from the package's layers, trained with jax.grad."""

import jax
import jax.numpy as jnp
from nn import dense, soft_clip


def loss(params, x, y):
    return jnp.mean((soft_clip(dense(params, x)) - y) ** 2)


params = {"w": jnp.ones((3, 1)), "b": jnp.zeros(1)}
x, y = jnp.ones((4, 3)), jnp.ones((4, 1))
print(jax.grad(loss)(params, x, y))
