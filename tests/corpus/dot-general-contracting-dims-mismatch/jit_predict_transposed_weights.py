"""A jitted linear predictor whose weights were stored (out, in) and are not transposed."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


@jax.jit
def predict(weights, features):
    return features @ weights  # expect: dot-general-contracting-dims-mismatch


weights = jnp.zeros((3, 20))
features = jnp.ones((100, 20))
print(predict(weights, features).shape)
