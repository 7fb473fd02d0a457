"""A factory of abstract inputs for AOT lowering with a float32 default dtype."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


class InputSpec:
    def __init__(self, shape, dtype=jnp.float32):
        self.shape = shape
        self.dtype = dtype

    def abstract(self):
        return jax.ShapeDtypeStruct(self.shape, self.dtype)


InputSpec((8, 128)).abstract()
