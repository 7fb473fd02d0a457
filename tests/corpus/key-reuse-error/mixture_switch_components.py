"""A mixture picks its component with one subkey and lets `lax.switch` draw from the other."""
# corpus: label=negative styles=method,transform
# realcode: cause L

import jax
import jax.numpy as jnp
from jax import lax, random


class Mixture:
    def __init__(self, logits, loc, scale):
        self.logits = logits
        self.loc = loc
        self.scale = scale

    def _normal(self, key):
        return self.loc + self.scale * random.normal(key)

    def _laplace(self, key):
        return self.loc + self.scale * random.laplace(key)

    def _uniform(self, key):
        return random.uniform(key, minval=self.loc - self.scale, maxval=self.loc + self.scale)

    def sample(self, key):
        component_key, draw_key = random.split(key)
        component = random.categorical(component_key, self.logits)
        return lax.switch(component, [self._normal, self._laplace, self._uniform], draw_key)


with jax.debug_key_reuse(True):
    mixture = Mixture(jnp.log(jnp.array([0.2, 0.5, 0.3])), 1.0, 0.5)
    keys = random.split(random.key(0), 3)
    samples = [mixture.sample(k) for k in keys]
    one = jax.jit(mixture.sample)(random.key(1))
