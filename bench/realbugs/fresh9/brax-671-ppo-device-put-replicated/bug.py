# realbug: brax-671-ppo-device-put-replicated
# source: https://github.com/google/brax/issues/671
# kind: removed-name
# raises: AttributeError: jax.device_put_replicated is deprecated; use jax.device_put instead
# brax 0.14's PPO trainer on JAX 0.10 and later: the training state is replicated over the
# local devices with `jax.device_put_replicated`, which JAX removed (the report's error).
# The training state is cut to its optimizer step, parameters and environment steps.
import jax
import jax.numpy as jnp
from flax import struct


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
training_state = jax.device_put_replicated(  # BUG
    training_state, jax.local_devices()[:local_devices_to_use]
)
