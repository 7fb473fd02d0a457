"""A model config spells its compute dtype with NumPy's name."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class Config:
    compute = "float16"

    def compute_dtype(self):
        return jnp.dtype(self.compute)


Config().compute_dtype()
