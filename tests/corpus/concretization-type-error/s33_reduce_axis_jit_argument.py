"""A pooling helper under jit takes the axis to pool over as an ordinary argument."""
# corpus: label=positive styles=helper,transform batch=s33

import jax
import jax.numpy as jnp


@jax.jit
def pool(features, axis):
    return features.max(axis=axis)  # expect: concretization-type-error


print(pool(jnp.ones((4, 8)), 1))
