# realbug: jaxpruner-10-pjit-in-axis-resources (fixed)
# source: https://github.com/google-research/jaxpruner/issues/10
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.pjit import pjit
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
update = pjit(
    lambda w: w * 0.5,
    in_shardings=P("data"),
    out_shardings=P("data"),
)
with mesh:
  print(update(jnp.ones(8 * len(jax.devices()))).shape)
