"""A state factory keeps only the params; an evaluation helper applies a BatchNorm model with it."""

# corpus: label=positive styles=helper,parameter,return batch=s39
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
    return {"params": variables["params"]}


def evaluate(model, state, x):
    return model.apply(state, x)  # expect: linen-apply-collection-missing


net = Net()
x = jnp.ones((3, 4))
print(evaluate(net, make_state(net, x), x))
