# corpus: rule=pallas-function-arity label=negative styles=module,helper batch=pallas
"""The model module passes all three inputs to the kernel from another module."""

import jax.numpy as jnp
from ops.kernels import scale_shift

x = jnp.ones((16, 128), jnp.float32)
print(scale_shift(x, jnp.full_like(x, 2.0), jnp.zeros_like(x)).sum())
