# corpus: label=positive styles=attribute,parameter batch=s30
from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class Schedule(NamedTuple):
    warmup: Callable[[Any], Any]
    decay: float


def lr_at(schedule, step):
    return schedule.warmup(step) * schedule.decay


def make_schedule():
    return Schedule(warmup=lambda s: jnp.minimum(s / 100.0, 1.0), decay=0.9)


jax.jit(lr_at)(make_schedule(), jnp.float32(10.0))  # expect: jit-non-array-argument
