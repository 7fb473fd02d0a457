# realbug: jax-1162-numpy-vdot-in-vmap
# source: https://github.com/jax-ml/jax/issues/1162
# kind: tracer-to-numpy
# raises: TracerArrayConversionError: The numpy.ndarray conversion method __array__\(\) was called on traced array
import numpy as np
from jax import vmap

b = np.array([1, 2, 3])
m1 = np.array([[1, 1, 1], [2, 2, 2]])

vv = lambda x, y: np.vdot(x, y)  # BUG
mv = vmap(vv, (0, None), 0)

print(mv(m1, b))
