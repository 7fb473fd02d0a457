"""A sampler class jits its own method with `jax.jit(self.sample)`; the number of chains is an argument, so `split` gets a traced count."""
# corpus: label=positive styles=method,transform batch=s26

import jax


class Sampler:
    def __init__(self, scale):
        self.scale = scale
        self.sample_jit = jax.jit(self.sample)

    def sample(self, key, num_chains):
        keys = jax.random.split(key, num_chains)  # expect: random-split-traced-count
        return jax.vmap(lambda k: jax.random.normal(k) * self.scale)(keys)


sampler = Sampler(2.0)
print(sampler.sample_jit(jax.random.key(0), 4))
