# realbug: flax-4760-nnx-vmap-batchnorm-twice
# source: https://github.com/google/flax/issues/4760
# kind: library-contract
# raises: TraceContextError: Cannot mutate BatchStat from a different trace level
import jax
from flax import nnx
import jax.numpy as jnp

class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 5, kernel_size=3, rngs=rngs)
        self.bn = nnx.BatchNorm(5, rngs=rngs)

    def __call__(self, x):
        x = self.bn(self.conv(x))
        return x

model = Model(rngs=nnx.Rngs(0))

# model.eval() # < if I do this the problem disappears

data = jax.random.normal(jax.random.key(0), (16, 8, 1))
print(model(data).shape)  # works
print(model(data).shape)  # works

data = jax.random.normal(jax.random.key(0), (16, 16, 8, 1))
vmapped_model = nnx.vmap(model, in_axes=1)
print(vmapped_model(data).shape)  # works
print(vmapped_model(data).shape)  # fails  # BUG
