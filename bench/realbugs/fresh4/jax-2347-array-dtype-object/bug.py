# realbug: jax-2347-array-dtype-object
# source: https://github.com/jax-ml/jax/issues/2347
# kind: not-array
# raises: TypeError: JAX only supports number, bool, and string dtypes, got dtype <class 'object'>
# The report gives x's type, List[Tuple[jnp.array, float, float, jnp.array, bool]]; one such
# entry stands in for the data.
import jax.numpy as jnp

x = [(jnp.array([1.0, 2.0]), 0.5, 1.0, jnp.array([3.0, 4.0]), False)]
jnp.array(x, dtype=object)  # BUG
