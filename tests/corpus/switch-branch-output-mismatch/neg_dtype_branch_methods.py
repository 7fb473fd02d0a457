"""The bucketed branch casts back to float."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp
from jax import lax


class Encoder:
    def identity(self, x):
        return x

    def scaled(self, x):
        return x * 0.5

    def bucketed(self, x):
        return jnp.floor(x * 4).astype(jnp.float32)

    def encode(self, x, mode):
        return lax.switch(mode, [self.identity, self.scaled, self.bucketed], x)


print(Encoder().encode(jnp.ones(3), 2))
