"""A helper computes an exponential moving average with a lambda body that returns one value."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def ema(xs, decay=0.9):
    final, _ = jax.lax.scan(
        lambda m, x: decay * m + (1.0 - decay) * x,  # expect: scan-body-not-pair
        xs[0],
        xs,
    )
    return final


print(ema(jnp.linspace(0.0, 1.0, 10)))
