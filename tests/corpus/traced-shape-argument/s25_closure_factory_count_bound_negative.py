"""The sampler factory with the count bound in the closure."""
# corpus: label=negative styles=attribute,parameter batch=s25

import jax


def make_sampler(dim, num):
    @jax.jit
    def sample(key):
        return jax.random.normal(key, (num, dim))

    return sample


sampler = make_sampler(3, 5)
print(sampler(jax.random.key(0)).shape)
