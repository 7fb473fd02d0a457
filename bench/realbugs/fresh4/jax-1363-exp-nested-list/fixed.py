# realbug: jax-1363-exp-nested-list (fixed)
# source: https://github.com/jax-ml/jax/issues/1363
import jax.numpy as np

np.exp(np.array([[[1.], [2.]]]))
