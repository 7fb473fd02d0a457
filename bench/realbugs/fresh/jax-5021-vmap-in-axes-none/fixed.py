# realbug: jax-5021-vmap-in-axes-none (fixed)
# source: https://github.com/jax-ml/jax/issues/5021
from jax import vmap

print(vmap(lambda x: x, in_axes=None, out_axes=None, axis_size=0)(3.14))
