"""A library function scans over `(xs, extra)`; the body checks that `extra` is the empty tuple."""
# corpus: label=negative styles=parameter,transform
# realcode: cause D

import jax
import jax.numpy as jnp


def run(extra):
    def body(carry, xs):
        x, rest = xs
        assert rest == ()
        return carry + x, None

    return jax.lax.scan(body, 0.0, (jnp.arange(3.0), extra))
