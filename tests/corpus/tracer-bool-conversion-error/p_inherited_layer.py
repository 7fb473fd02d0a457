"""A subclass's forward, reached through the base class's __call__ under jit, branches on a max."""

# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp


class Base:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, x):
        return self.forward(x) * self.scale


class Gated(Base):
    def __init__(self, scale, threshold):
        super().__init__(scale)
        self.threshold = threshold

    def forward(self, x):
        if jnp.max(x) > self.threshold:  # expect: tracer-bool-conversion-error
            return x
        return -x


layer = Gated(2.0, 0.5)
jax.jit(layer)(jnp.ones(3))
