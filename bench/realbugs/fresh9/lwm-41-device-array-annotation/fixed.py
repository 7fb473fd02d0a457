# realbug: lwm-41-device-array-annotation (fixed)
# source: https://github.com/LargeWorldModel/LWM/issues/41
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class OptaxScheduledWeightDecayState(NamedTuple):
    count: jax.Array


def optax_add_scheduled_weight_decay(schedule_fn, mask=None):
    def init_fn(params):
        del params
        return OptaxScheduledWeightDecayState(count=jnp.zeros([], jnp.int32))

    def update_fn(updates, state, params):
        weight_decay = schedule_fn(state.count)
        updates = jax.tree_util.tree_map(
            lambda g, p: g + weight_decay * p, updates, params
        )
        return updates, OptaxScheduledWeightDecayState(count=optax.safe_int32_increment(state.count))

    if mask is not None:
        return optax.masked(optax.GradientTransformation(init_fn, update_fn), mask)
    return optax.GradientTransformation(init_fn, update_fn)


params = {'w': jnp.ones((3,))}
tx = optax_add_scheduled_weight_decay(lambda step: 1e-4)
state = tx.init(params)
updates, state = tx.update(params, state, params)
