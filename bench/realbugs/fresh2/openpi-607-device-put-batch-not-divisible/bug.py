# realbug: openpi-607-device-put-batch-not-divisible
# source: https://github.com/Physical-Intelligence/openpi/issues/607
# kind: sharding-divisible
# raises: ValueError: Sharding spec .* implies that array axis 0 is partitioned 4 times, but does not evenly divide the dimension size 19
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((4, 1), ("batch", "fsdp"))
data_sharding = NamedSharding(mesh, PartitionSpec(("batch", "fsdp")))

batch = jnp.zeros((19, 10, 32))
batch = jax.device_put(batch, data_sharding)  # BUG
print(batch.sharding)
