"""A host function whose output is described by the input array itself (an array has a shape
and a dtype, so it serves as its own description)."""

# corpus: label=negative styles=parameter,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_clip(x, lo):
    return np.clip(np.asarray(x), lo, None)


@jax.jit
def clip(x):
    return jax.pure_callback(host_clip, x, x, 0.0)


clip(jnp.linspace(-1.0, 1.0, 5))
