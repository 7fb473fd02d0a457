"""The same MLP, its layers given as one list in one assignment."""

# corpus: label=negative styles=helper,parameter batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    hidden: tuple
    out: int

    def setup(self):
        self.layers = [nn.Dense(h) for h in self.hidden] + [nn.Dense(self.out)]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = nn.relu(layer(x))
        return self.layers[-1](x)


def create_params(hidden, out, seed=0):
    return MLP(hidden, out).init(jax.random.PRNGKey(seed), jnp.ones((1, 4)))


params = create_params((8, 8), 2)
