# realbug: jax-18074-pure-callback-raw-shape
# source: https://github.com/jax-ml/jax/issues/18074
# kind: library-contract
# raises: AttributeError: 'int' object has no attribute 'dtype'
# The report describes users passing a raw shape instead of a ShapeDtypeStruct; the callback
# and its argument are filled in.
import jax
import jax.numpy as jnp
import numpy as np

def host_fn(x):
    return np.sin(np.asarray(x))

@jax.jit
def f(x):
    return jax.pure_callback(host_fn, x.shape, x)  # BUG

f(jnp.ones(3))
