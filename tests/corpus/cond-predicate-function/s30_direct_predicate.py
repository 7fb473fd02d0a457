# corpus: label=positive styles=direct batch=s30
import jax.numpy as jnp
from jax import lax


def is_positive(v):
    return v > 0


x = jnp.float32(-1.5)
y = lax.cond(is_positive, jnp.sqrt, jnp.abs, x)  # expect: cond-predicate-function
