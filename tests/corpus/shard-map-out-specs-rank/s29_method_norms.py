"""A method returns per-device norms (0-d) but declares out_specs with two entries."""
# corpus: label=positive styles=method,attribute batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Monitor:
    def __init__(self, mesh):
        self.mesh = mesh

    def norms(self, grads):
        fn = jax.shard_map(
            lambda g: jnp.sqrt(jnp.sum(g * g)),
            mesh=self.mesh,
            in_specs=P("dp", None),
            out_specs=P("dp", None),
        )
        return fn(grads)  # expect: shard-map-out-specs-rank


mesh = jax.make_mesh((8,), ("dp",))
grads = jax.device_put(jnp.ones((16, 3)), jax.NamedSharding(mesh, P("dp", None)))
print(Monitor(mesh).norms(grads))
