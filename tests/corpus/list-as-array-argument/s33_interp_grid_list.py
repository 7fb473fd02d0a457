"""A lookup table whose grid and values are Python lists."""
# corpus: label=positive styles=direct batch=s33

import jax.numpy as jnp

x = jnp.linspace(0.0, 1.0, 5)
y = jnp.interp(x, [0.0, 0.5, 1.0], jnp.array([0.0, 2.0, 3.0]))  # expect: list-as-array-argument
print(y)
