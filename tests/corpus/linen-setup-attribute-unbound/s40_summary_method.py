"""A training report whose method lists the sizes of the model's layers, read from the module
built at import (its layers exist only in setup)."""

# corpus: label=positive styles=method batch=s40

from flax import linen as nn


class MLP(nn.Module):
    hidden: int = 16
    out: int = 2

    def setup(self):
        self.layers = [nn.Dense(self.hidden), nn.Dense(self.out)]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = nn.relu(layer(x))
        return self.layers[-1](x)


net = MLP()


class Report:
    def layer_count(self):
        return len(net.layers)  # expect: linen-setup-attribute-unbound


print(Report().layer_count())
