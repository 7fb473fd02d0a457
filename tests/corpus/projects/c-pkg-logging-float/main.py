# corpus: rule=concretization-type-error label=positive styles=module,helper batch=c
"""Run a few training steps with the package's loop."""

import jax.numpy as jnp
from train.loop import step

w = jnp.zeros(3)
for _ in range(2):
    w, summary = step(w, jnp.ones((4, 3)), jnp.ones(4))
    print(summary)
