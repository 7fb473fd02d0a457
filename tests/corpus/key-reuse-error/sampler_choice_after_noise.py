"""The key draws some noise, then goes to whichever sampler the flag picked, which draws again."""
# corpus: label=positive styles=helper
# realcode: cause A

import jax


def draw(key):
    return jax.random.normal(key)  # expect: key-reuse-error


def draw_via_helper(key):
    return draw(key)


def run(key, fast):
    noise = jax.random.uniform(key)
    sampler = draw_via_helper if fast else draw
    return noise + sampler(key)


with jax.debug_key_reuse(True):
    run(jax.random.key(0), fast=True)
