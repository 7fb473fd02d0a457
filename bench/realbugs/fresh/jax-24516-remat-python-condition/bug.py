# realbug: jax-24516-remat-python-condition
# source: https://github.com/jax-ml/jax/pull/24516
# kind: traced-condition
# raises: TracerBoolConversionError: .*
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.remat, static_argnums=(1,))
def f(x, _):
    if x > 0:  # BUG
        return x
    else:
        return jnp.sin(x)


print(f(3.0, 1.0))
