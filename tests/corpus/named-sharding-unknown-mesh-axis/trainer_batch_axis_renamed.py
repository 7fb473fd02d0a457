"""A trainer builds its mesh with a "batch" axis while its input spec still says "data"."""
# corpus: label=positive styles=method,attribute

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((8,), ("batch",))
        self.input_spec = P("data")

    def input_sharding(self):
        return NamedSharding(self.mesh, self.input_spec)  # expect: named-sharding-unknown-mesh-axis


Trainer().input_sharding()
