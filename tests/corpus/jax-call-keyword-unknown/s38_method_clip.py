"""A layer whose call method clips its activations with the keyword NumPy spells a_max."""

# corpus: label=positive styles=method batch=s38

import jax
import jax.numpy as jnp


class ClippedRelu:
    def __init__(self, ceiling):
        self.ceiling = ceiling

    def __call__(self, x):
        x = jnp.maximum(x, 0.0)
        return jnp.clip(x, a_max=self.ceiling)  # expect: jax-call-keyword-unknown


layer = ClippedRelu(6.0)
print(layer(jax.random.normal(jax.random.PRNGKey(1), (3, 3))))
