# realbug: lwm-41-device-array-annotation
# source: https://github.com/LargeWorldModel/LWM/issues/41
# kind: removed-name
# raises: AttributeError: module 'jax.numpy' has no attribute 'DeviceArray'
# The traceback's frame in tux/optimizers.py (imported by LWM's vision_chat.py): a NamedTuple
# optimizer state annotated with `jnp.DeviceArray`, removed from jax.numpy (deprecated in
# 0.4.14); the annotation is evaluated when the class is defined. The state is used as
# optax's scheduled weight decay uses it.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class OptaxScheduledWeightDecayState(NamedTuple):
    count: jnp.DeviceArray  # BUG


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
