"""The sampler is one of two helpers picked by a flag; only the chosen one consumes the key."""
# corpus: label=negative styles=helper
# realcode: cause A

import os

import jax


def draw(key):
    return jax.random.normal(key)


def draw_via_helper(key):
    return draw(key)


def run(key, fast):
    sampler = draw_via_helper if fast else draw
    return sampler(key)


with jax.debug_key_reuse(True):
    run(jax.random.key(0), os.environ.get("FAST_SAMPLER", "") == "1")
