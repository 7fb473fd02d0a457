"""A custom_vjp with symbolic_zeros=True defined in ops.py, called in an eager shard_map body of main.py."""

# corpus: rule=custom-vjp-symbolic-zeros-support-with-shard-map label=positive styles=module
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P
from ops import fused

mesh = jax.make_mesh((8,), ("d",))


def body(x):
    return fused(x, 2.0)


x = jax.device_put(jnp.ones(16), NamedSharding(mesh, P("d")))
out = jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P("d"))(x)
