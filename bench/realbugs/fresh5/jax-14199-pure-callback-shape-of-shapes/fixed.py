# realbug: jax-14199-pure-callback-shape-of-shapes (fixed)
# source: https://github.com/jax-ml/jax/issues/14199
import jax
import numpy as np
import jax.numpy as jnp

X = jnp.arange(4**2).reshape((4,4))

def eig(X):
    type_complex=jnp.complex64
    _eig = lambda x: tuple(a.astype(np.complex64) for a in np.linalg.eig(np.asarray(x)))
    eigenvalues_shape = jax.ShapeDtypeStruct(X.shape[:-1], type_complex)
    eigenvectors_shape = jax.ShapeDtypeStruct(X.shape, type_complex)
    result_shape_dtype = (eigenvalues_shape, eigenvectors_shape)
    return jax.pure_callback(_eig, result_shape_dtype, X)

print(eig(X))
