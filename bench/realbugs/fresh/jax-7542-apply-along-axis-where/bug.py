# realbug: jax-7542-apply-along-axis-where
# source: https://github.com/jax-ml/jax/issues/7542
# kind: data-dependent-shape
# raises: ConcretizationTypeError: .*
import numpy as np
import jax.numpy as jnp

x = np.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])
print(np.apply_along_axis(np.where, 1, x).squeeze())
print(jnp.apply_along_axis(jnp.where, 1, x).squeeze())  # BUG
