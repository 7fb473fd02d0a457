"""An equinox-like module keeps a scalar `scale` field and builds its covariance with `jnp.diag(self.scale)`, expecting a vector of scales."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


class Gaussian:
    def __init__(self, mean, scale):
        self.mean = mean
        self.scale = jnp.asarray(scale)

    def covariance(self):
        return jnp.diag(self.scale**2)  # expect: diag-input-rank


g = Gaussian(jnp.zeros(3), 0.5)
print(g.covariance())
