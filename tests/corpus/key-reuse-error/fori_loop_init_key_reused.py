"""After a `fori_loop` that split the key it was given, the caller draws again from that same key."""
# corpus: label=positive styles=transform
# realcode: cause B

import jax


def body(i, carry):
    total, key = carry
    key, sub = jax.random.split(key)
    return total + jax.random.normal(sub), key


def run(key):
    total, _ = jax.lax.fori_loop(0, 3, body, (0.0, key))
    return total + jax.random.normal(key)  # expect: key-reuse-error


with jax.debug_key_reuse(True):
    run(jax.random.key(0))
