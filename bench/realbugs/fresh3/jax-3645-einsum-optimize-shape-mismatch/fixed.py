# realbug: jax-3645-einsum-optimize-shape-mismatch (fixed)
# source: https://github.com/jax-ml/jax/issues/3645
import jax.numpy as jnp

a = jnp.ones((10, 10, 10, 10))
e = jnp.ones((9, 10))
print(jnp.einsum("abcd,ea->bcde", a, e, optimize=True).shape)
