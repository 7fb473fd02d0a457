"""A jitted wrapper around a host function whose output has its input's shape."""

# corpus: label=positive styles=parameter,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_clip(x, lo):
    return np.clip(np.asarray(x), lo, None)


@jax.jit
def clip(x):
    result_shape = x.shape
    return jax.pure_callback(host_clip, result_shape, x, 0.0)  # expect: pure-callback-result-shape


clip(jnp.linspace(-1.0, 1.0, 5))
