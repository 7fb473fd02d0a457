# corpus: label=negative styles=attribute,parameter batch=s30
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Schedule(NamedTuple):
    peak: jax.Array
    decay: float


def lr_at(schedule, step):
    return jnp.minimum(step / 100.0, 1.0) * schedule.peak * schedule.decay


def make_schedule():
    return Schedule(peak=jnp.float32(0.1), decay=0.9)


jax.jit(lr_at)(make_schedule(), jnp.float32(10.0))
