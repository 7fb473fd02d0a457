# corpus: rule=key-reuse-error label=negative styles=module,helper,return batch=c
"""Two blocks initialised from split keys, with key-reuse checking on."""

import jax
from init import init_block

jax.config.update("jax_debug_key_reuse", True)
try:
    key = jax.random.key(0)
    key, k1, k2 = jax.random.split(key, 3)
    blocks = [init_block(k1, 4), init_block(k2, 4)]
    print(len(blocks), jax.random.uniform(key).shape)
finally:
    jax.config.update("jax_debug_key_reuse", False)
