# realbug: jax-459-zeros-generator-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/459
# JAX 0.1 accepted the generator (and built a wrong array the second time); 0.12 refuses it,
# as NumPy does.
import jax.numpy as np

shape = tuple(1 for _ in range(4))
np.zeros(shape)
