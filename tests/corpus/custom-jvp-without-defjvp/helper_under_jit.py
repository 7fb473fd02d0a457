"""A jitted layer calls a custom_jvp activation through a helper; no rule was ever registered."""
# corpus: label=positive styles=helper,transform

from functools import partial

import jax
import jax.numpy as jnp
from jax import random


@jax.custom_jvp
def squareplus(x, b=4.0):  # expect: custom-jvp-without-defjvp
    return 0.5 * (x + jnp.sqrt(x * x + b))


def mlp_block(w, x):
    return squareplus(x @ w)


@partial(jax.jit, static_argnums=2)
def forward(w, x, depth):
    for _ in range(depth):
        x = mlp_block(w, x)
    return x


w = random.normal(random.key(0), (4, 4))
print(forward(w, jnp.ones((2, 4)), 3))
