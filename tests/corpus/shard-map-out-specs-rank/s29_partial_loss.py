"""Each device computes its loss with .mean() and the results are gathered with P('batch')."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))


def local_loss(predictions, targets):
    return jnp.mean((predictions - targets) ** 2)


def per_device_losses(predictions, targets):
    fn = jax.shard_map(
        local_loss, mesh=mesh, in_specs=(P("batch"), P("batch")), out_specs=P("batch")
    )
    return fn(predictions, targets)  # expect: shard-map-out-specs-rank


placed = jax.NamedSharding(mesh, P("batch"))
predictions = jax.device_put(jnp.ones(32), placed)
targets = jax.device_put(jnp.zeros(32), placed)
print(per_device_losses(predictions, targets))
