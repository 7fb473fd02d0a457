"""Module constants name the axes; a fully-sharded spec joins two of them, one of which the
mesh was never given."""
# corpus: label=positive styles=module,direct

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

DATA = "data"
FSDP = "fsdp"

mesh = jax.make_mesh((8,), (DATA,))
params = NamedSharding(mesh, P((DATA, FSDP), None))  # expect: named-sharding-unknown-mesh-axis
