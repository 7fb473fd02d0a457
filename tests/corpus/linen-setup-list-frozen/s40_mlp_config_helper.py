"""An MLP whose hidden layers come from its config, the output layer appended in setup; the
parameters made by a helper."""

# corpus: label=positive styles=helper,parameter batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    hidden: tuple
    out: int

    def setup(self):
        self.layers = [nn.Dense(h) for h in self.hidden]
        self.layers.extend([nn.Dense(self.out)])  # expect: linen-setup-list-frozen

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = nn.relu(layer(x))
        return self.layers[-1](x)


def create_params(hidden, out, seed=0):
    return MLP(hidden, out).init(jax.random.PRNGKey(seed), jnp.ones((1, 4)))


params = create_params((8, 8), 2)
