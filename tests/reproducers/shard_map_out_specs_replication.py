"""Raises ValueError: out_specs=P() claims a replicated result, but the body's value varies.

Each device holds a different shard, so the body's output differs across the "i" axis; only a
collective such as ``jax.lax.psum`` would make it replicated.
"""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
