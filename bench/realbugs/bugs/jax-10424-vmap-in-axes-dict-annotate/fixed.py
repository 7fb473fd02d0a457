# realbug: jax-10424-vmap-in-axes-dict-annotate (fixed)
# source: https://github.com/jax-ml/jax/pull/10424
from jax import vmap
import jax.numpy as jnp


def f(d):
    return d["blah"]


vf_tuple = vmap(f, in_axes=({"blah": 0},))
print(vf_tuple({"blah": jnp.zeros(10)}))
