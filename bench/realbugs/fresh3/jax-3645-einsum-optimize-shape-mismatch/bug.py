# realbug: jax-3645-einsum-optimize-shape-mismatch
# source: https://github.com/jax-ml/jax/issues/3645
# kind: einsum
# raises: ValueError: Size of label
import jax.numpy as jnp

a = jnp.ones((10, 10, 10, 10))
e = jnp.ones((10, 9))
print(jnp.einsum("abcd,ea->bcde", a, e, optimize=True).shape)  # BUG
