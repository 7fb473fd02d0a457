# realbug: jax-6045-jit-array-int-overflow-x64 (fixed)
# source: https://github.com/jax-ml/jax/issues/6045
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import jit  # noqa: E402

big = np.iinfo(np.int64).max

print(np.array(big).dtype)
print(np.array(big + 1).dtype)
print(jit(jnp.array)(np.uint64(big + 1)).dtype)
