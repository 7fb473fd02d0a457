# realbug: jax-18856-mesh-devices-ndim (fixed)
# source: https://github.com/jax-ml/jax/pull/18856
import jax
import numpy as np

jax.sharding.Mesh(np.array(jax.devices()).reshape(4, 2), ("a", "b"))
