"""`partial(loss, config=cfg)` binds by keyword, so all three positions remain and index 2 is fine."""
# corpus: label=negative styles=transform,attribute

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    l2: float = 1e-4


def loss(params, n_classes, scale, config=None):
    logits = params["w"][:, :n_classes] * scale
    return -jnp.mean(jax.nn.log_softmax(logits)) + config.l2 * jnp.sum(params["w"] ** 2)


loss_fn = jax.jit(partial(loss, config=Config()), static_argnums=1)
print(loss_fn({"w": jnp.ones((2, 10))}, 4, 2.0))
