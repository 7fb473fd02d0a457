# realbug: jax-22339-partial-of-vmap-keyword
# source: https://github.com/jax-ml/jax/issues/22339
# kind: in-axes-keyword
# raises: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got len\(in_axes\)=2, len\(args\)=1
# The report's example: `partial` binds the mapped argument of a vmapped function by keyword;
# vmap's in_axes cover positional arguments only, so one positional argument meets two axes.
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


@partial(vmap, in_axes=(None, 0))
def f(y, x):
    return x + y


x_var = jnp.arange(10)

func_ = partial(f, x=x_var)
func_(1)  # BUG
