"""main.py asks for the `"model"` axis, which the mesh imported from sharding.py names (its axes are a module-level constant)."""
# corpus: rule=named-sharding-unknown-mesh-axis label=negative styles=module,parameter batch=s26

import jax
import jax.numpy as jnp
from sharding import make_mesh, shard_rows

mesh = make_mesh()
x = jax.device_put(jnp.ones((8, 4)), shard_rows(mesh, "data", "model"))
print(x.sharding)
