"""The same helper asked for as many specs as the function takes; the inputs are placed on the mesh."""
# corpus: label=negative styles=helper,transform batch=s26

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def data_parallel(fn, mesh, n_inputs):
    specs = tuple(P("i") for _ in range(n_inputs))
    return jax.shard_map(fn, mesh=mesh, in_specs=specs, out_specs=P("i"))


mesh = jax.make_mesh((8,), ("i",))
step = jax.jit(data_parallel(lambda x, y: x * y, mesh, 2))
row = jax.NamedSharding(mesh, P("i"))
print(step(jax.device_put(jnp.ones(16), row), jax.device_put(jnp.ones(16), row)))
