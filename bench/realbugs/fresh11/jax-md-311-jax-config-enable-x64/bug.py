# realbug: jax-md-311-jax-config-enable-x64
# source: https://github.com/jax-md/jax-md/issues/311
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.config'
# The flocking notebook's first cell enabled 64-bit floats through `from jax.config import
# config` (the submodule is gone; the report saw the ImportError of the deprecation period);
# the boids' positions are filled in.
import numpy as onp

from jax.config import config; config.update('jax_enable_x64', True)  # BUG
import jax.numpy as np
from jax import random

key = random.PRNGKey(0)
R = random.uniform(key, (8, 2), maxval=10.0)
print(R.dtype, np.mean(R))
