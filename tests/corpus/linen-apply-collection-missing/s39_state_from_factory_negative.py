"""The state factory keeps the statistics too, and the evaluation helper applies it."""

# corpus: label=negative styles=helper,parameter,return batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(x)


def make_state(model, x):
    variables = model.init(jax.random.key(0), x)
    return {"params": variables["params"], "batch_stats": variables["batch_stats"]}


def evaluate(model, state, x):
    return model.apply(state, x)


net = Net()
x = jnp.ones((3, 4))
print(evaluate(net, make_state(net, x), x))
