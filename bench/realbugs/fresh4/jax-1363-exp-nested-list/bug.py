# realbug: jax-1363-exp-nested-list
# source: https://github.com/jax-ml/jax/issues/1363
# kind: not-array
# raises: TypeError: exp requires ndarray or scalar arguments, got <class 'list'>
import jax.numpy as np

np.exp([[[1.], [2.]]])  # BUG
