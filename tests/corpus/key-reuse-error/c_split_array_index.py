# corpus: label=positive styles=transform,return batch=c
"""Keys are split into an array of three, and the same slot is used for two draws."""

import jax


def init_params(key):
    keys = jax.random.split(key, 3)
    embed = jax.random.normal(keys[0], (10, 4))
    proj = jax.random.normal(keys[1], (4, 4))
    head = jax.random.normal(keys[1], (4, 2))  # expect: key-reuse-error
    return embed, proj, head


jax.config.update("jax_debug_key_reuse", True)
try:
    init_params(jax.random.key(1))
finally:
    jax.config.update("jax_debug_key_reuse", False)
