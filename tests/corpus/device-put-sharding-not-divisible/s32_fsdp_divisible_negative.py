"""16 rows over the 4 * 2 pieces of both mesh axes divide evenly."""
# corpus: label=negative styles=return batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def fsdp_sharding():
    mesh = jax.make_mesh((4, 2), ("batch", "fsdp"))
    return NamedSharding(mesh, P(("batch", "fsdp")))


tokens = jnp.zeros((16, 128), dtype=jnp.int32)
tokens = jax.device_put(tokens, fsdp_sharding())
print(tokens.sharding)
