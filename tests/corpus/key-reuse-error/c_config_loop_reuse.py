# corpus: label=positive styles=parameter,helper batch=c
"""A sweep over noise levels draws each level's perturbation from the same key."""

import jax
import jax.numpy as jnp

NOISE_LEVELS = (0.0, 0.1, 0.5)


def perturb(key, x, level):
    u = jax.random.uniform(key, x.shape, minval=-1.0, maxval=1.0)  # expect: key-reuse-error
    return x + level * u


def sweep(key, x):
    results = {}
    for level in NOISE_LEVELS:
        results[level] = float(jnp.mean(perturb(key, x, level)))
    return results


jax.config.update("jax_debug_key_reuse", True)
try:
    print(sweep(jax.random.key(7), jnp.zeros(16)))
finally:
    jax.config.update("jax_debug_key_reuse", False)
