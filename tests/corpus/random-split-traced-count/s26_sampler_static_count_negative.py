"""The same sampler jits its method with the count static."""
# corpus: label=negative styles=method,transform batch=s26

import jax


class Sampler:
    def __init__(self, scale):
        self.scale = scale
        self.sample_jit = jax.jit(self.sample, static_argnums=1)

    def sample(self, key, num_chains):
        keys = jax.random.split(key, num_chains)
        return jax.vmap(lambda k: jax.random.normal(k) * self.scale)(keys)


sampler = Sampler(2.0)
print(sampler.sample_jit(jax.random.key(0), 4))
