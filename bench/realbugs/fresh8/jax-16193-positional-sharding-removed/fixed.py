# realbug: jax-16193-positional-sharding-removed (fixed)
# source: https://github.com/jax-ml/jax/issues/16193
import jax
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

x = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

locals_devices = jax.devices()
actor_devices = locals_devices[-1]
actor_mesh = mesh_utils.create_device_mesh(mesh_shape=(1, 1), devices=[actor_devices])
actor_sharding = NamedSharding(Mesh(actor_mesh, ("a", "b")), PartitionSpec())
x = jax.device_put(x, actor_sharding)
