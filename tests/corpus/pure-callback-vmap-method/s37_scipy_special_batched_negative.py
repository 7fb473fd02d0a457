"""A host-side special function wrapped for JAX, mapped over a batch, saying how it batches."""

# corpus: label=negative styles=helper,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_bessel(x):
    return np.i0(np.asarray(x)).astype(np.float32)


def bessel(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_bessel, out, x, vmap_method="expand_dims")


@jax.jit
def batched(xs):
    return jax.vmap(bessel)(xs)


batched(jnp.ones((4, 3)))
