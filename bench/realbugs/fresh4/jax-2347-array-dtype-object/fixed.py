# realbug: jax-2347-array-dtype-object (fixed)
# source: https://github.com/jax-ml/jax/issues/2347
# The report gives x's type, List[Tuple[jnp.array, float, float, jnp.array, bool]]; one such
# entry stands in for the data.
import jax
import jax.numpy as jnp

x = [(jnp.array([1.0, 2.0]), 0.5, 1.0, jnp.array([3.0, 4.0]), False)]
jax.tree.map(lambda *v: jnp.stack(v), *x)
