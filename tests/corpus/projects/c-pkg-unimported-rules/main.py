# corpus: rule=custom-vjp-without-defvjp label=positive styles=module batch=c
"""The model imports clip_gradient from the package; nothing imports ops.rules, so the rules
are never registered."""

import jax
import jax.numpy as jnp
from ops import clip_gradient


def loss(w, x):
    return jnp.sum(clip_gradient(x @ w) ** 2)


print(jax.grad(loss)(jnp.ones(3), jnp.ones((2, 3))))
