"""`lax.cond` runs one branch, and each branch draws from the key once."""
# corpus: label=negative styles=transform
# realcode: cause L

import jax


def draw(key, p):
    return jax.lax.cond(
        p < 0.5, lambda k: jax.random.normal(k), lambda k: jax.random.uniform(k), key
    )


with jax.debug_key_reuse(True):
    draw(jax.random.key(0), 0.3)
