# corpus: label=positive styles=method,attribute batch=s30
import jax
import jax.numpy as jnp
from jax import lax


class Clipper:
    def __init__(self, limit):
        self.limit = limit

    def too_big(self, x):
        return jnp.max(jnp.abs(x)) > self.limit

    def __call__(self, x):
        halve = lambda v: v / 2.0
        return lax.cond(self.too_big, halve, lambda v: v, x)  # expect: cond-predicate-function


jax.jit(Clipper(1.0))(jnp.ones(4) * 3.0)
