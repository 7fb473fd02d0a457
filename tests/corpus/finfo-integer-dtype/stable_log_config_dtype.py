"""A model's stable log reads eps from its configured dtype, an integer one."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Model:
    def __init__(self, dtype):
        self.dtype = dtype

    def stable_log(self, x):
        eps = jnp.finfo(self.dtype).eps  # expect: finfo-integer-dtype
        return jnp.log(x + eps)


Model(jnp.int32).stable_log(jnp.ones(3))
