# realbug: ninjax-13-batchnorm-train-step-immutable (fixed)
# source: https://github.com/danijar/ninjax/issues/13
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
  out, updates = model.apply(
      {"params": params, "batch_stats": batch_stats}, images, mutable=["batch_stats"])
  return jnp.mean(out ** 2)


print(jax.grad(loss)(variables["params"], variables["batch_stats"], images))
