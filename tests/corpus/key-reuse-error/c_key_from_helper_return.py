# corpus: label=positive styles=return batch=c
"""A helper returns the run's key; dropout and shuffling both draw from it."""

import jax
import jax.numpy as jnp


def make_run_key(seed, run_id):
    return jax.random.fold_in(jax.random.key(seed), run_id)


def main():
    key = make_run_key(0, 12)
    keep = jax.random.bernoulli(key, 0.9, (10,))
    order = jax.random.permutation(key, 10)  # expect: key-reuse-error
    return jnp.where(keep, order, -1)


jax.config.update("jax_debug_key_reuse", True)
try:
    print(main())
finally:
    jax.config.update("jax_debug_key_reuse", False)
