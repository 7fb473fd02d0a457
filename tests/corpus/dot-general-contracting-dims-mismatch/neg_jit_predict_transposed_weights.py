"""The (out, in) weights are transposed in the product."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


@jax.jit
def predict(weights, features):
    return features @ weights.T


weights = jnp.zeros((3, 20))
features = jnp.ones((100, 20))
print(predict(weights, features).shape)
