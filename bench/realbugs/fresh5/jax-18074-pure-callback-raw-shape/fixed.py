# realbug: jax-18074-pure-callback-raw-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/18074
import jax
import jax.numpy as jnp
import numpy as np

def host_fn(x):
    return np.sin(np.asarray(x))

@jax.jit
def f(x):
    return jax.pure_callback(host_fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

f(jnp.ones(3))
