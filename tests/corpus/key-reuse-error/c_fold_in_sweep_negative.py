# corpus: label=negative styles=parameter,helper batch=c
"""The noise sweep derives one key per level with fold_in, so no key is consumed twice."""

import jax
import jax.numpy as jnp

NOISE_LEVELS = (0.0, 0.1, 0.5)


def perturb(key, x, level):
    return x + level * jax.random.uniform(key, x.shape, minval=-1.0, maxval=1.0)


def sweep(key, x):
    return {
        level: float(jnp.mean(perturb(jax.random.fold_in(key, i), x, level)))
        for i, level in enumerate(NOISE_LEVELS)
    }


jax.config.update("jax_debug_key_reuse", True)
try:
    print(sweep(jax.random.key(7), jnp.zeros(16)))
finally:
    jax.config.update("jax_debug_key_reuse", False)
