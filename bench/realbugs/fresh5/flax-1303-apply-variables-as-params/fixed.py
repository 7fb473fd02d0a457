# realbug: flax-1303-apply-variables-as-params (fixed)
# source: https://github.com/google/flax/issues/1303
import jax
import flax.linen as nn


class SimpleCNN6Layer(nn.Module):
    n: int

    @nn.compact
    def __call__(self, x):
        return nn.Conv(self.n, (3,))(x)


variables = SimpleCNN6Layer(n=16).init({'params':jax.random.PRNGKey(0)}, jax.numpy.ones((16, 4000, 1)))
batch = jax.numpy.ones((16, 4000, 1))
SimpleCNN6Layer(n=16).apply({'params':variables['params']}, batch)
