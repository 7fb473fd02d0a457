"""`partial(loss, model)` already binds `model`; naming it in static_argnames then fails."""
# corpus: label=positive styles=transform,attribute

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ModelDef(NamedTuple):
    depth: int
    width: int


def loss(model, params, x):
    h = x
    for _ in range(model.depth):
        h = jnp.tanh(h @ params)
    return jnp.mean(h**2)


model = ModelDef(depth=2, width=4)
loss_fn = jax.jit(  # expect: jit-static-argnames-unknown
    partial(loss, model), static_argnames="model"
)
print(loss_fn(jnp.eye(4), jnp.ones((2, 4))))
