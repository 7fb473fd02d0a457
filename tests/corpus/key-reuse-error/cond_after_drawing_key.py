"""The key draws a coin, then `lax.cond` hands the same key to whichever branch the coin picked."""
# corpus: label=positive styles=transform
# realcode: cause L

import jax


def draw(key, p):
    coin = jax.random.uniform(key)
    return jax.lax.cond(  # expect: key-reuse-error
        coin < p, lambda k: jax.random.normal(k), lambda k: jax.random.uniform(k), key
    )


with jax.debug_key_reuse(True):
    draw(jax.random.key(0), 0.3)
