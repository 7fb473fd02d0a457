# realbug: flax-667-setup-called-directly (fixed)
# source: https://github.com/google/flax/issues/667
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResNet(nn.Module):
  def setup(self):
    self.backbone = nn.Dense(3)

  def __call__(self, x):
    return self.backbone(x)


resnet = ResNet()
variables = resnet.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
print(resnet.bind(variables).backbone)
