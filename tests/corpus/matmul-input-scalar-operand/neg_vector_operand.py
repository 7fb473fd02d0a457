"""The temperature is a per-feature vector: matmul contracts it with the features."""
# corpus: label=negative styles=transform,direct batch=d

import jax
import jax.numpy as jnp


@jax.jit
def logits(features, weights):
    return features @ weights


print(logits(jnp.ones((4, 3)), jnp.ones(3)))
