"""The training step with the statistics mutable (three spellings), and an evaluation step."""

# corpus: label=negative styles=helper batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def loss(model, variables, x, y):
    pred, updates = model.apply(variables, x, mutable=["batch_stats"])
    return jnp.mean((pred - y) ** 2), updates


net = Net()
x, y = jnp.ones((8, 4)), jnp.zeros((8, 1))
variables = net.init(jax.random.key(0), x, train=False)
print(loss(net, variables, x, y)[0])
pred, _ = net.apply(variables, x, mutable=True)
pred, _ = net.apply(variables, x, mutable="batch_stats")
evaluated = net.apply(variables, x, train=False)
