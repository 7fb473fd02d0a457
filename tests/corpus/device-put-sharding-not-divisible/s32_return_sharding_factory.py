"""A factory returns the sharding over both mesh axes (fsdp style): 4 * 2 pieces for 12 rows."""
# corpus: label=positive styles=return batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def fsdp_sharding():
    mesh = jax.make_mesh((4, 2), ("batch", "fsdp"))
    return NamedSharding(mesh, P(("batch", "fsdp")))


tokens = jnp.zeros((12, 128), dtype=jnp.int32)
tokens = jax.device_put(tokens, fsdp_sharding())  # expect: device-put-sharding-not-divisible
print(tokens.sharding)
