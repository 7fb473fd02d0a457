"""A jitted sampler splits its key into `n` keys, where n is an ordinary jit argument."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax


def sample_many(key, n):
    keys = jax.random.split(key, n)  # expect: random-split-traced-count
    return jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys)


print(jax.jit(sample_many)(jax.random.key(0), 4))
