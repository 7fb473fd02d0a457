"""The jitted sampler with n static."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax


def sample_many(key, n):
    keys = jax.random.split(key, n)
    return jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys)


print(jax.jit(sample_many, static_argnums=1)(jax.random.key(0), 4))
