# realbug: jax-pr18951-shard-map-spec-rank
# source: https://github.com/jax-ml/jax/pull/18951
# kind: in-specs-rank
# raises: ValueError: shard_map applied to the function .* in_specs
import jax
from jax.sharding import PartitionSpec as P

m = jax.make_mesh((2, 4), ("i", "j"))

out = jax.shard_map(lambda *xs: xs[0], mesh=m, in_specs=(P(), P("i")), out_specs=P())(1.0, 1.0)  # BUG
print(out)
