"""`partial(loss, model=model)` binds by keyword: `model` stays a parameter, so naming it is fine."""
# corpus: label=negative styles=transform,attribute

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ModelDef(NamedTuple):
    depth: int
    width: int


def loss(params, x, model):
    h = x
    for _ in range(model.depth):
        h = jnp.tanh(h @ params)
    return jnp.mean(h**2)


loss_fn = jax.jit(partial(loss, model=ModelDef(2, 4)), static_argnames="model")
print(loss_fn(jnp.eye(4), jnp.ones((2, 4))))
