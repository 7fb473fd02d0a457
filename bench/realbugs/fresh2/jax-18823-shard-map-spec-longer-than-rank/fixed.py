# realbug: jax-18823-shard-map-spec-longer-than-rank (fixed)
# source: https://github.com/jax-ml/jax/issues/18823
import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

m = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("i", "j"))

f = jax.shard_map(lambda *xs: xs[0], mesh=m, in_specs=(P(), P()), out_specs=P())
print(f(1.0, 1.0))
