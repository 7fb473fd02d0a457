# realbug: jax-6045-jit-array-int-overflow-x64
# source: https://github.com/jax-ml/jax/issues/6045
# kind: dtype
# raises: OverflowError: An overflow was encountered while parsing an argument to a jitted computation
# The report's program with x64 on: a Python int past int64's range passed to a jitted
# `jnp.array` (outside jit it becomes uint64).
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import jit  # noqa: E402

big = np.iinfo(np.int64).max

print(np.array(big).dtype)
print(np.array(big + 1).dtype)
print(jit(jnp.array)(big + 1).dtype)  # BUG
