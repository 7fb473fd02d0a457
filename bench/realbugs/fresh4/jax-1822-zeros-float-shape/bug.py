# realbug: jax-1822-zeros-float-shape
# source: https://github.com/jax-ml/jax/issues/1822
# kind: shape-not-integer
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax.numpy as jnp

jnp.zeros(1.0)  # BUG
