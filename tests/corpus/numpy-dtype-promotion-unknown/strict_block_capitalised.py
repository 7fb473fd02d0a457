"""A loss computes under a promotion level spelled with a capital letter."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def loss(x, y, promotion="Strict"):
    with jax.numpy_dtype_promotion(promotion):  # expect: numpy-dtype-promotion-unknown
        return jnp.mean((x - y) ** 2)


loss(jnp.ones(3), jnp.zeros(3))
