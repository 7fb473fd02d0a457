"""A `fori_loop` body splits the carried key each step; the loop's final key is fresh."""
# corpus: label=negative styles=transform
# realcode: cause B

import jax


def body(i, carry):
    total, key = carry
    key, sub = jax.random.split(key)
    return total + jax.random.normal(sub), key


def run(key):
    total, key = jax.lax.fori_loop(0, 3, body, (0.0, key))
    return total + jax.random.normal(key)


with jax.debug_key_reuse(True):
    run(jax.random.key(0))
