"""A model config spells its compute dtype with a bit count, as PyTorch-style configs do."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class Config:
    compute = "fp16"

    def compute_dtype(self):
        return jnp.dtype(self.compute)  # expect: dtype-name-not-understood


Config().compute_dtype()
