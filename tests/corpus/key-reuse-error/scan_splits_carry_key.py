"""A `lax.scan(step, key, None, 4)` loop splits the carried key each step: no key is used twice."""
# corpus: label=negative styles=transform

import jax
from jax import lax, random


def step(key, _):
    key, sub = random.split(key)
    return key, random.normal(sub, (2,))


with jax.debug_key_reuse(True):
    final_key, samples = lax.scan(step, random.key(0), None, 4)
    vmapped = jax.vmap(lambda k: random.normal(k, (2,)))(random.split(final_key, 3))
