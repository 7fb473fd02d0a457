"""A lookup table whose grid and values are arrays."""
# corpus: label=negative styles=direct batch=s33

import jax.numpy as jnp

x = jnp.linspace(0.0, 1.0, 5)
y = jnp.interp(x, jnp.array([0.0, 0.5, 1.0]), jnp.array([0.0, 2.0, 3.0]))
print(y)
