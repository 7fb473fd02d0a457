"""The batch is padded to a multiple of the data axis before it is placed."""
# corpus: label=negative styles=direct batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
batch = jnp.pad(jnp.zeros((19, 16)), ((0, 1), (0, 0)))
rows = NamedSharding(mesh, P("data", None))
batch = jax.device_put(batch, rows)
print(batch.sharding)
