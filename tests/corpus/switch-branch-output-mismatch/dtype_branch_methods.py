"""An encoder whose integer encoding branch returns int32 beside float branches."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import lax


class Encoder:
    def identity(self, x):
        return x

    def scaled(self, x):
        return x * 0.5

    def bucketed(self, x):
        return jnp.floor(x * 4).astype(jnp.int32)

    def encode(self, x, mode):
        branches = [self.identity, self.scaled, self.bucketed]
        return lax.switch(mode, branches, x)  # expect: switch-branch-output-mismatch


print(Encoder().encode(jnp.ones(3), 2))
