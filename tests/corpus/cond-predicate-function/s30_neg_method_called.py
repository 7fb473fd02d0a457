# corpus: label=negative styles=method,attribute batch=s30
import jax
import jax.numpy as jnp
from jax import lax


class Clipper:
    def __init__(self, limit):
        self.limit = limit

    def too_big(self, x):
        return jnp.max(jnp.abs(x)) > self.limit

    def __call__(self, x):
        return lax.cond(self.too_big(x), lambda v: v / 2.0, lambda v: v, x)


jax.jit(Clipper(1.0))(jnp.ones(4) * 3.0)
