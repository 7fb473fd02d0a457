"""INVALID: alias imports, a partial(shard_map) decorator, a helper, run eagerly.

The custom_vjp is reached through ``helper``; ``step`` runs eagerly (no jax.jit).
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_vjp, grad
from jax import shard_map as smap
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


@custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    y = jnp.tanh(x.value)
    return y, y


def soft_clip_bwd(y, g):
    return (g * (1.0 - y**2),)


soft_clip.defvjp(
    soft_clip_fwd,
    soft_clip_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map
)


def helper(v):
    return soft_clip(v) * 3.0


@partial(smap, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def step(v):
    return helper(v)


x = jax.device_put(jnp.linspace(-1.0, 1.0, 8), jax.NamedSharding(mesh, P("i")))
with jax.set_mesh(mesh):
    print(step(x))
    print(grad(lambda v: step(v).sum())(x))
