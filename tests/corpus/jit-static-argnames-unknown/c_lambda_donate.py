# corpus: label=positive styles=return batch=c
"""A lambda update is jitted donating a buffer by a name the lambda does not have."""

import jax
import jax.numpy as jnp

ema_update = jax.jit(  # expect: jit-static-argnames-unknown
    lambda avg, new, decay: decay * avg + (1 - decay) * new, donate_argnames="average"
)

avg = jnp.zeros(4)
for value in (jnp.ones(4), 2 * jnp.ones(4)):
    avg = ema_update(avg, value, 0.9)
print(avg)
