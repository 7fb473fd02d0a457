# realbug: jaxpruner-10-pjit-in-axis-resources
# source: https://github.com/google-research/jaxpruner/issues/10
# kind: removed-keyword
# raises: TypeError: pjit\(\) got an unexpected keyword argument 'in_axis_resources'
# The quick-start notebook's last cell sharded the pruned update with `pjit(...,
# in_axis_resources=..., out_axis_resources=...)`; both keywords were deleted in JAX 0.4.14
# (now `in_shardings`/`out_shardings`). The update is a scaling over a one-axis mesh.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pjit import pjit
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
update = pjit(
    lambda w: w * 0.5,
    in_axis_resources=P("data"),  # BUG
    out_axis_resources=P("data"),
)
with mesh:
  print(update(jnp.ones(8 * len(jax.devices()))).shape)
