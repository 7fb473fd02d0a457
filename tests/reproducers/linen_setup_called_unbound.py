"""Raises CallSetupUnboundModuleError: setup() called by hand on a Linen module never bound."""

from flax import linen as nn


class ResNet(nn.Module):
    def setup(self):
        self.backbone = nn.Dense(3)

    def __call__(self, x):
        return self.backbone(x)


model = ResNet()
model.setup()
