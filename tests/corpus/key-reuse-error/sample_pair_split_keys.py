"""The fixture helper fixed: it splits its key before the second draw."""
# corpus: label=negative styles=helper,parameter
# realcode: lost true positive, fixed

import jax


def sample_pair(key, n):
    foo_key, bar_key = jax.random.split(key)
    return dict(
        foo=jax.random.uniform(foo_key, (n,)),
        bar=jax.random.uniform(bar_key, (n, 3)),
    )


def make_batch(seed, n=4):
    return sample_pair(jax.random.key(seed), n)


with jax.debug_key_reuse(True):
    batch = make_batch(0)
