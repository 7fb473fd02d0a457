# realbug: openpi-607-device-put-batch-not-divisible (fixed)
# source: https://github.com/Physical-Intelligence/openpi/issues/607
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((4, 1), ("batch", "fsdp"))
data_sharding = NamedSharding(mesh, PartitionSpec(("batch", "fsdp")))

batch = jnp.zeros((20, 10, 32))
batch = jax.device_put(batch, data_sharding)
print(batch.sharding)
