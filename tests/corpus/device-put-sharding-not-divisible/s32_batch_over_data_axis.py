"""The last batch of an epoch is placed on a data-parallel mesh: 19 rows over 4 devices."""
# corpus: label=positive styles=direct batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
batch = jnp.zeros((19, 16))
rows = NamedSharding(mesh, P("data", None))
batch = jax.device_put(batch, rows)  # expect: device-put-sharding-not-divisible
print(batch.sharding)
