"""The same helper asked for axes the mesh has."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def sharding_for(mesh, *axes):
    return NamedSharding(mesh, P(*axes))


mesh = jax.make_mesh((4, 2), ("dp", "fsdp"))
print(sharding_for(mesh, "dp", "fsdp"))
