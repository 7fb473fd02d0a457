"""Inside the eager shard_map body the custom_vjp is only called from a lax.scan over layers.

scan traces its body, so the custom_vjp is never evaluated by shard_map's eager tracer: runs.
"""
# corpus: label=negative styles=helper

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def hard_tanh(x):
    return jnp.clip(x, -1.0, 1.0)


hard_tanh.defvjp(
    lambda x: (hard_tanh(x.value), x.value),
    lambda x, g: (jnp.where(jnp.abs(x) < 1.0, g, 0.0),),
    symbolic_zeros=True,
)


def stack(weights, h):
    def layer(carry, w):
        return hard_tanh(carry @ w), None

    out, _ = lax.scan(layer, h, weights)
    return out


mesh = jax.make_mesh((8,), ("b",))
weights = jnp.stack([jnp.eye(4) * 0.5] * 3)
h = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("b", None)))
sharded_stack = jax.shard_map(
    stack, mesh=mesh, in_specs=(P(), P("b", None)), out_specs=P("b", None)
)
print(sharded_stack(weights, h))
