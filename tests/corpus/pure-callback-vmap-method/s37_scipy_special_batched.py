"""A host-side special function wrapped for JAX, then mapped over a batch of inputs."""

# corpus: label=positive styles=helper,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_bessel(x):
    return np.i0(np.asarray(x)).astype(np.float32)


def bessel(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_bessel, out, x)  # expect: pure-callback-vmap-method


@jax.jit
def batched(xs):
    return jax.vmap(bessel)(xs)


batched(jnp.ones((4, 3)))
