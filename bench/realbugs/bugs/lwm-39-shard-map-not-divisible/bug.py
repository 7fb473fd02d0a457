# realbug: lwm-39-shard-map-not-divisible
# source: https://github.com/LargeWorldModel/LWM/issues/39
# kind: shard-map-divisible
# raises: ValueError: shard_map applied to the function .* not evenly divisible
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
    in_specs=(PS(("dp", "fsdp"), None, "tp", None), PS(("dp", "fsdp"), None, "tp", None)),  # BUG
    out_specs=PS(("dp", "fsdp"), "tp", None, None),
)
q = jnp.ones((1, 16, 4, 8))
print(jax.jit(ring_attention_sharded)(q, q).shape)  # BUG
