# corpus: label=positive styles=attribute,method
import jax
import jax.numpy as jnp


class Model:
    def __init__(self, scale):
        self.scale = scale

    def apply(self, x):
        return x * self.scale

    def compile(self, x):
        self.fast = jax.jit(self.apply(x))  # expect: function-argument-not-callable
        return self.fast


Model(2.0).compile(jnp.ones(3))
