# realbug: jax-953-jit-optimizer-functions
# source: https://github.com/jax-ml/jax/issues/953
# kind: jit-argument-type
# raises: TypeError: Error interpreting argument to .* as an abstract array
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable[[Any], Any]
    update: Callable[[Any, Any], Any]


def ddpg_episode(optimizer, params):
    state = optimizer.init(params)
    return optimizer.update(state, params)


optimizer = Optimizer(init=lambda p: p * 0.0, update=lambda s, p: s + p)
print(jax.jit(ddpg_episode)(optimizer, jnp.ones(3)))  # BUG
