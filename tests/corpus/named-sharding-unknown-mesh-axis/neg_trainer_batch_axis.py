"""The trainer's mesh and input spec agree on the "batch" axis name."""
# corpus: label=negative styles=method,attribute

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((8,), ("batch",))
        self.input_spec = P("batch")

    def input_sharding(self):
        return NamedSharding(self.mesh, self.input_spec)


Trainer().input_sharding()
