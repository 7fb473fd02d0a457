"""`partial(loss, config)` binds the first parameter, so index 2 no longer exists."""
# corpus: label=positive styles=transform,attribute

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    l2: float = 1e-4
    static_argnums: tuple = (2,)


def loss(config, params, n_classes):
    logits = params["w"][:, :n_classes]
    return -jnp.mean(jax.nn.log_softmax(logits)) + config.l2 * jnp.sum(params["w"] ** 2)


cfg = Config()
loss_fn = jax.jit(  # expect: jit-static-argnums-out-of-range
    partial(loss, cfg), static_argnums=cfg.static_argnums
)
print(loss_fn({"w": jnp.ones((2, 10))}, 4))
