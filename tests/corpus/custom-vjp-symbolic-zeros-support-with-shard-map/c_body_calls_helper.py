# corpus: label=positive styles=helper batch=c
"""A data-parallel forward pass: the shard_map body normalises through a helper that calls a
custom_vjp registered with symbolic zeros, and the shard_map runs eagerly."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    y = jnp.tanh(x.value)
    return y, y


def soft_clip_bwd(y, g):
    return (g * (1 - y**2),)


soft_clip.defvjp(
    soft_clip_fwd,
    soft_clip_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def normalise(block):
    return soft_clip(block - jnp.mean(block))


def per_device(block):
    return normalise(block) * 2.0


mesh = jax.make_mesh((8,), ("data",))
forward = jax.shard_map(per_device, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
batch = jax.device_put(jnp.arange(16.0).reshape(16, 1), NamedSharding(mesh, P("data")))
print(forward(batch).shape)
