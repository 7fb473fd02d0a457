"""A training step from main.py scales its update by a schedule imported through a package's __init__ re-export; the schedule compares a traced value in a Python `if`."""
# corpus: rule=tracer-bool-conversion-error label=positive styles=module,parameter batch=s25

import jax
import jax.numpy as jnp
from optim import cosine_with_floor


@jax.jit
def train_step(w, g, step):
    return w - cosine_with_floor(step) * g


print(train_step(jnp.ones(3), jnp.ones(3), 5))
