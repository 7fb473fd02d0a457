# corpus: rule=pallas-function-arity label=positive styles=module,helper batch=pallas
"""The model module calls a kernel from another module with one input too few."""

import jax.numpy as jnp
from ops.kernels import scale_shift

x = jnp.ones((16, 128), jnp.float32)
print(scale_shift(x, jnp.full_like(x, 2.0)).sum())
