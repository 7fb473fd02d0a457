# realbug: jax-md-311-jax-config-enable-x64 (fixed)
# source: https://github.com/jax-md/jax-md/issues/311
import numpy as onp

import jax; jax.config.update('jax_enable_x64', True)
import jax.numpy as np
from jax import random

key = random.PRNGKey(0)
R = random.uniform(key, (8, 2), maxval=10.0)
print(R.dtype, np.mean(R))
