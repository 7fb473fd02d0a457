"""Eager jax.vjp through shard_map of a nondiff_argnums custom_vjp (symbolic zeros, fwd calls it)."""
# corpus: label=positive styles=transform,parameter

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_cotangent(x, bound):
    return x


def clip_cotangent_fwd(x, bound):
    return clip_cotangent(x.value, bound), None


def clip_cotangent_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_cotangent.defvjp(
    clip_cotangent_fwd,
    clip_cotangent_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)

mesh = jax.make_mesh((8,), ("model",))


def body(h, bound=0.5):
    return clip_cotangent(jnp.tanh(h), bound)


sharded = jax.shard_map(body, mesh=mesh, in_specs=P("model"), out_specs=P("model"))
h = jax.device_put(jnp.linspace(-3.0, 3.0, 8), NamedSharding(mesh, P("model")))
out, pullback = jax.vjp(sharded, h)
print(pullback(jnp.ones_like(out)))
