# realbug: jax-5021-vmap-in-axes-none
# source: https://github.com/jax-ml/jax/issues/5021
# kind: vmap-in-axes
# raises: ValueError: vmap must have at least one non-None value in in_axes
from jax import vmap

print(vmap(lambda x: x, in_axes=None, out_axes=None)(3.14))  # BUG
