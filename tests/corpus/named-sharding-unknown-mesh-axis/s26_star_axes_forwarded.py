"""A helper forwards `*axes` to `PartitionSpec`; the caller asks for a tensor-parallel axis `"tp"` the mesh does not name."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def sharding_for(mesh, *axes):
    return NamedSharding(mesh, P(*axes))  # expect: named-sharding-unknown-mesh-axis


mesh = jax.make_mesh((4, 2), ("dp", "fsdp"))
print(sharding_for(mesh, "dp", "tp"))
