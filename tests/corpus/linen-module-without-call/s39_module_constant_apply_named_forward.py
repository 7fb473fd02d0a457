"""A model kept as a module-level constant, applied without naming its forward method."""

# corpus: label=positive styles=attribute,return batch=s39

import jax
import jax.numpy as jnp
from flax import linen as nn


class Scorer(nn.Module):
    def setup(self):
        self.proj = nn.Dense(1)

    def score(self, x):
        return self.proj(x).squeeze(-1)


MODEL = Scorer()
params = MODEL.init(jax.random.PRNGKey(0), jnp.ones((1, 4)), method=Scorer.score)
scores = MODEL.apply(params, jnp.ones((5, 4)))  # expect: linen-module-without-call
