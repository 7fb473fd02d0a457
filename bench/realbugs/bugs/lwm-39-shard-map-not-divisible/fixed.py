# realbug: lwm-39-shard-map-not-divisible (fixed)
# source: https://github.com/LargeWorldModel/LWM/issues/39
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as PS

mesh = jax.make_mesh((1, 8, 1), ("dp", "fsdp", "tp"))


def attention(q, k):
    return jnp.einsum("bqhd,bkhd->bhqk", q, k)


ring_attention_sharded = jax.shard_map(
    attention,
    mesh=mesh,
    in_specs=(PS(("dp", "fsdp"), None, "tp", None), PS(("dp", "fsdp"), None, "tp", None)),
    out_specs=PS(("dp", "fsdp"), "tp", None, None),
)
spec = PS(("dp", "fsdp"), None, "tp", None)
q = jax.device_put(jnp.ones((8, 16, 4, 8)), jax.sharding.NamedSharding(mesh, spec))
print(jax.jit(ring_attention_sharded)(q, q).shape)
