# corpus: label=positive styles=attribute batch=s32
import jax
import jax.numpy as jnp


class Ensemble:
    def __init__(self, seed, members):
        self.keys = jax.random.split(jax.random.key(seed), members)

    def sample(self, means):
        draw = lambda key, mean: mean + jax.random.normal(key, mean.shape)
        return jax.vmap(draw)(self.keys, means)  # expect: vmap-inconsistent-sizes


ensemble = Ensemble(0, 5)
print(ensemble.sample(jnp.zeros((4, 3))))
