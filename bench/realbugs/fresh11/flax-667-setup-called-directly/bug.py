# realbug: flax-667-setup-called-directly
# source: https://github.com/google/flax/issues/667
# kind: library-contract
# raises: CallSetupUnboundModuleError: Can't call compact methods on unbound modules
# To reach a submodule defined in `setup`, the thread called `setup()` by hand on a module that
# was never bound (the workaround suggested there); Linen refuses it. The ResNet is reduced to
# its backbone.
import flax.linen as nn


class ResNet(nn.Module):
  def setup(self):
    self.backbone = nn.Dense(3)

  def __call__(self, x):
    return self.backbone(x)


resnet = ResNet()
resnet.setup()  # BUG
print(resnet.backbone)
