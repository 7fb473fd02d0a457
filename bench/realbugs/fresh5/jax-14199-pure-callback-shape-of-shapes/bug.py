# realbug: jax-14199-pure-callback-shape-of-shapes
# source: https://github.com/jax-ml/jax/issues/14199
# kind: shape-not-integer
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
# The report's import of jax is added, and its 1000x1000 matrix made 4x4.
import jax
import numpy as np
import jax.numpy as jnp

X = jnp.arange(4**2).reshape((4,4))

def eig(X):
    type_complex=jnp.complex64
    _eig = lambda x: np.linalg.eig(x)  
    eigenvalues_shape = jax.ShapeDtypeStruct(X.shape[:-1], type_complex)
    eigenvectors_shape = jax.ShapeDtypeStruct(X.shape, type_complex)
    result_shape_dtype = jax.ShapeDtypeStruct(  # BUG
    shape=(eigenvalues_shape.shape, eigenvectors_shape.shape),
    dtype=type_complex
    )
    return jax.pure_callback(_eig, result_shape_dtype, X)

print(eig(X))
