# realbug: ninjax-13-batchnorm-train-step-immutable
# source: https://github.com/danijar/ninjax/issues/13
# kind: library-contract
# raises: ModifyScopeVariableError: Cannot update variable \"mean\"
# A ResNet with BatchNorm layers trained through a wrapper whose forward pass called
# `apply` without `mutable=['batch_stats']`. The ResNet is reduced to one conv block and
# the wrapper to a jitted loss.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
  train: bool = True

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(8, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not self.train)(x)
    return nn.relu(x).mean(axis=(1, 2))


model = Block()
images = jnp.ones((2, 8, 8, 3))
variables = model.init(jax.random.key(0), images)


@jax.jit
def loss(params, batch_stats, images):
  out = model.apply({"params": params, "batch_stats": batch_stats}, images)  # BUG
  return jnp.mean(out ** 2)


print(jax.grad(loss)(variables["params"], variables["batch_stats"], images))
