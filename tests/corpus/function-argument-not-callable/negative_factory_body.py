# corpus: label=negative styles=attribute,helper
import jax.numpy as jnp
from jax import lax


def make_body(scale):
    def body(i, total):
        return total + scale * i

    return body


def run(n, scale):
    return lax.fori_loop(0, n, make_body(scale), 0.0)


run(5, 2.0)
jnp.ones(3)
