"""Eigenvalues of a symmetric matrix computed on the host, the output described by a
ShapeDtypeStruct."""

# corpus: label=negative styles=helper batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_eigvalsh(a):
    return np.linalg.eigvalsh(np.asarray(a)).astype(np.float32)


def eigvalsh(a):
    n = a.shape[0]
    return jax.pure_callback(host_eigvalsh, jax.ShapeDtypeStruct((n,), a.dtype), a)


eigvalsh(jnp.eye(4))
