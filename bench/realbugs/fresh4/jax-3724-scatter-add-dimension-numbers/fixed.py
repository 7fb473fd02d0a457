# realbug: jax-3724-scatter-add-dimension-numbers (fixed)
# source: https://github.com/jax-ml/jax/issues/3724
import jax
import numpy as np

operand = np.ones((3,3,6), dtype=np.float32)
update = np.zeros((3,3,2), dtype=np.float32)
indices = np.array([0,1,2,3,3,3])
jax.lax.scatter_add(update, indices[:, None], operand, jax.lax.ScatterDimensionNumbers((0,1),(2,),(2,)))
