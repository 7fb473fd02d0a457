"""An optimizer state whose field is annotated with the removed DeviceArray type."""
# corpus: label=positive styles=attribute

from typing import NamedTuple

import jax.numpy as jnp


class ScheduleState(NamedTuple):
    count: jnp.DeviceArray  # expect: jax-module-attribute-missing


state = ScheduleState(count=jnp.zeros([], jnp.int32))
