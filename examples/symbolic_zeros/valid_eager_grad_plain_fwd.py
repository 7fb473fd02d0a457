"""VALID: ``jax.grad`` of an eager shard_map around a symbolic_zeros custom_vjp whose fwd does
not call the function itself: on jax 0.12.0.1 this runs (only a direct, eager call raises).
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


@jax.custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    y = jnp.tanh(x.value)
    return y, y


def soft_clip_bwd(y, g):
    return (g * (1.0 - y**2),)


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd, symbolic_zeros=True)
smapped = jax.shard_map(lambda v: soft_clip(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))

x = jax.device_put(jnp.linspace(-1.0, 1.0, 8), jax.NamedSharding(mesh, P("i")))
with jax.set_mesh(mesh):
    print(jax.grad(lambda v: smapped(v).sum())(x))
