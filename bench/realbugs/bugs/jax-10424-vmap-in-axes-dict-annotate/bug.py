# realbug: jax-10424-vmap-in-axes-dict-annotate
# source: https://github.com/jax-ml/jax/pull/10424
# kind: in-axes-structure
# raises: TypeError: vmap in_axes must be an int, None, or a tuple
from jax import vmap
import jax.numpy as jnp


def f(d):
    return d["blah"]


vf = vmap(f, in_axes={"blah": 0})  # BUG
print(vf({"blah": jnp.zeros(10)}))
