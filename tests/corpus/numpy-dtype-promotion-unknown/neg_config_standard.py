"""A model's config names the standard promotion level."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


class Model:
    promotion = "standard"

    def apply(self, x):
        with jax.numpy_dtype_promotion(self.promotion):
            return x * 2


Model().apply(jnp.ones(3))
