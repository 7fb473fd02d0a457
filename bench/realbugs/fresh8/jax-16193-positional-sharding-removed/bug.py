# realbug: jax-16193-positional-sharding-removed
# source: https://github.com/jax-ml/jax/issues/16193
# kind: removed-api
# raises: ImportError: cannot import name 'PositionalSharding' from 'jax.sharding'
# The report's sebulba setup puts an array on a one-device `PositionalSharding` built from a
# device mesh; JAX removed `PositionalSharding`, so on 0.12 the import raises first. The
# 8192x8192 array is scaled down.
import jax
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import PositionalSharding  # BUG

x = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

locals_devices = jax.devices()
actor_devices = locals_devices[-1]
actor_mesh = mesh_utils.create_device_mesh(mesh_shape=(1, 1), devices=[actor_devices])
actor_sharding = PositionalSharding(actor_mesh)
x = jax.device_put(x, actor_sharding)
