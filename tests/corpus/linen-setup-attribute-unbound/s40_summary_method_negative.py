"""The training report reads the model's configuration (its dataclass fields), which the
constructed module has without setup."""

# corpus: label=negative styles=method batch=s40

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
    def layer_sizes(self):
        return [net.hidden, net.out]


print(Report().layer_sizes())
