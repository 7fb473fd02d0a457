# realbug: jax-459-zeros-generator-shape
# source: https://github.com/jax-ml/jax/issues/459
# kind: shape-not-integer
# raises: TypeError: expected sequence object with len >= 0 or a single integer
# JAX 0.1 accepted the generator (and built a wrong array the second time); 0.12 refuses it,
# as NumPy does.
import jax.numpy as np

shape = (1 for _ in range(4))  # BUG
np.zeros(shape)  # BUG
