"""A fixture helper returns a dict of two arrays drawn from the one key it was given."""
# corpus: label=positive styles=helper,parameter
# realcode: lost true positive (key parameter)

import jax


def sample_pair(key, n):
    return dict(
        foo=jax.random.uniform(key, (n,)),
        bar=jax.random.uniform(key, (n, 3)),  # expect: key-reuse-error
    )


def make_batch(seed, n=4):
    return sample_pair(jax.random.key(seed), n)


with jax.debug_key_reuse(True):
    batch = make_batch(0)
