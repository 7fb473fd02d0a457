"""A helper builds one spec per parameter, but the sharded step also takes the batch."""
# corpus: label=positive styles=helper,attribute batch=s25

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("d",))


def specs_for(names):
    return tuple(P() for _ in names)


def step(w, b, x):
    return jnp.tanh(x @ w + b)


sharded = jax.shard_map(step, mesh=mesh, in_specs=specs_for(["w", "b"]), out_specs=P())
w, b, x = jnp.ones((4, 4)), jnp.zeros(4), jnp.ones((2, 4))
print(sharded(w, b, x))  # expect: shard-map-in-specs-structure
