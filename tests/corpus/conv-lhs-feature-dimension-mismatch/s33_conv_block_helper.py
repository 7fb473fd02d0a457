# corpus: label=positive styles=helper batch=s33
import jax.numpy as jnp
from jax import lax


def conv_block(x, kernel):
    y = lax.conv(x, kernel, (1, 1), "SAME")  # expect: conv-lhs-feature-dimension-mismatch
    return jnp.maximum(y, 0.0)


batch = jnp.ones((4, 28, 28, 1))
weights = jnp.ones((8, 1, 3, 3))
conv_block(batch, weights)
