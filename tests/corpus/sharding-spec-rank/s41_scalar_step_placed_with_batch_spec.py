"""The step counter is placed with the batch sharding, as every leaf of the state."""
# corpus: label=positive styles=direct batch=s41

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
batch = NamedSharding(mesh, P("data"))
weights = jax.device_put(jnp.zeros((8, 4)), batch)
step = jax.device_put(jnp.int32(0), batch)  # expect: sharding-spec-rank
print(weights.shape, step)
