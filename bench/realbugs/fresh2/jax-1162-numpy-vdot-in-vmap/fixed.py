# realbug: jax-1162-numpy-vdot-in-vmap (fixed)
# source: https://github.com/jax-ml/jax/issues/1162
import jax.numpy as np
from jax import vmap

b = np.array([1, 2, 3])
m1 = np.array([[1, 1, 1], [2, 2, 2]])

vv = lambda x, y: np.vdot(x, y)
mv = vmap(vv, (0, None), 0)

print(mv(m1, b))
