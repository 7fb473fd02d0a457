"""A factory returns a sampler closure; the sample count comes in as an argument to the jitted closure."""
# corpus: label=positive styles=attribute,parameter batch=s25

import jax


def make_sampler(dim):
    @jax.jit
    def sample(key, num):
        return jax.random.normal(key, (num, dim))  # expect: traced-shape-argument

    return sample


sampler = make_sampler(3)
print(sampler(jax.random.key(0), 5).shape)
