"""A helper shuffles features and targets together by giving both permutations its one key."""
# corpus: label=positive styles=helper,parameter,return

import jax
import jax.numpy as jnp


def shuffle_together(rng, features, targets):
    features = jax.random.permutation(rng, features, axis=0)
    targets = jax.random.permutation(rng, targets, axis=0)  # expect: key-reuse-error
    return features, targets


def make_epoch(seed):
    xs = jnp.ones((16, 3))
    ys = jnp.zeros((16,), dtype=jnp.int32)
    return shuffle_together(jax.random.key(seed), xs, ys)


with jax.debug_key_reuse(True):
    make_epoch(1)
