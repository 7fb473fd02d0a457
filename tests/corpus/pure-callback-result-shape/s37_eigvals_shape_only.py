"""Eigenvalues of a symmetric matrix computed on the host, the output described by its shape."""

# corpus: label=positive styles=helper batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_eigvalsh(a):
    return np.linalg.eigvalsh(np.asarray(a)).astype(np.float32)


def eigvalsh(a):
    n = a.shape[0]
    return jax.pure_callback(host_eigvalsh, (n,), a)  # expect: pure-callback-result-shape


eigvalsh(jnp.eye(4))
