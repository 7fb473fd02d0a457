# realbug: brax-671-ppo-device-put-replicated (fixed)
# source: https://github.com/google/brax/issues/671
import numpy as np

import jax
import jax.numpy as jnp
from flax import struct
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@struct.dataclass
class TrainingState:
  optimizer_state: jnp.ndarray
  params: dict
  env_steps: jnp.ndarray


local_devices_to_use = jax.local_device_count()
training_state = TrainingState(
    optimizer_state=jnp.zeros(()),
    params={'policy': jnp.zeros((8, 4)), 'value': jnp.zeros((8, 1))},
    env_steps=jnp.zeros((), jnp.int32),
)
devices = jax.local_devices()[:local_devices_to_use]
sharding = NamedSharding(Mesh(np.array(devices), ('i',)), P('i'))
training_state = jax.tree_util.tree_map(
    lambda y: jax.device_put(jnp.stack([y] * len(devices)), sharding), training_state
)
