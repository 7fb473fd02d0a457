"""One spec naming only the leading axis serves arrays of every rank; the scalar gets P()."""
# corpus: label=negative styles=direct batch=s41

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
batch = NamedSharding(mesh, P("data"))
weights = jax.device_put(jnp.zeros((8, 4, 2)), batch)
bias = jax.device_put(jnp.zeros(8), batch)
step = jax.device_put(jnp.int32(0), NamedSharding(mesh, P()))
print(weights.shape, bias.shape, step)
