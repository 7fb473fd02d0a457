"""The sampler returned by `jax.jit(...)` is called twice with one key."""
# corpus: label=positive styles=transform

import jax
from jax import random

draw = jax.jit(lambda k: random.normal(k, (3,)))

with jax.debug_key_reuse(True):
    key = random.key(0)
    a = draw(key)
    b = draw(key)  # expect: key-reuse-error
