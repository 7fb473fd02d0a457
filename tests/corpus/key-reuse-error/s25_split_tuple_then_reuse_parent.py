"""Keys are split into (k1, k2) but the parent key is used again afterwards for a sampler."""
# corpus: label=positive styles=direct,helper batch=s25

import jax

jax.config.update("jax_debug_key_reuse", True)


def init(key):
    k1, k2 = jax.random.split(key)
    w = jax.random.normal(k1, (3, 3))
    b = jax.random.normal(k2, (3,))
    noise = jax.random.uniform(key, (3,))  # expect: key-reuse-error
    return w, b, noise


print(init(jax.random.key(0))[2])
