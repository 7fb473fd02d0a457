"""A model's config names a NumPy casting rule where JAX's promotion level goes."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class Model:
    promotion = "safe"

    def apply(self, x):
        with jax.numpy_dtype_promotion(self.promotion):  # expect: numpy-dtype-promotion-unknown
            return x * 2


Model().apply(jnp.ones(3))
