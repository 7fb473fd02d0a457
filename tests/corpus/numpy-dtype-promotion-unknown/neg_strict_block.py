"""A loss computes under strict promotion."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def loss(x, y, promotion="strict"):
    with jax.numpy_dtype_promotion(promotion):
        return jnp.mean((x - y) ** 2)


loss(jnp.ones(3), jnp.zeros(3))
