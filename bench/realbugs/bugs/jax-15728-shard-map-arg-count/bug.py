# realbug: jax-15728-shard-map-arg-count
# source: https://github.com/jax-ml/jax/issues/15728
# kind: in-specs-structure
# raises: ValueError: .*(shard_map in_specs|pytree structure|Tuple arity)
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec

mesh = jax.make_mesh((8,), ("x",))
spec = PartitionSpec("x")
sharding = jax.sharding.NamedSharding(mesh, spec)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(spec, spec), out_specs=spec)
def f(x, y):
    return x + y


x = jax.device_put(jnp.arange(8), sharding)
print(f(x))  # BUG
