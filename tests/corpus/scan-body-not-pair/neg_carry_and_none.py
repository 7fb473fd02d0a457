"""The moving average as a lambda that returns (m, None): a pair, with no stacked output."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp


def ema(xs, decay=0.9):
    final, _ = jax.lax.scan(lambda m, x: (decay * m + (1.0 - decay) * x, None), xs[0], xs)
    return final


print(ema(jnp.linspace(0.0, 1.0, 10)))
