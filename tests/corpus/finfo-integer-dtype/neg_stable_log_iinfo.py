"""A model with an integer dtype reads its limits with iinfo, and eps from float32."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


class Model:
    def __init__(self, dtype):
        self.dtype = dtype

    def stable_log(self, x):
        top = jnp.iinfo(self.dtype).max
        eps = jnp.finfo(jnp.float32).eps
        return jnp.log(jnp.minimum(x, top) + eps)


Model(jnp.int32).stable_log(jnp.ones(3))
