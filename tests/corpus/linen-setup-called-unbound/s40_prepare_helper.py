"""A helper that 'prepares' a model before inspecting it by calling its setup, as one would
call an initialiser (the model was built at import, never bound)."""

# corpus: label=positive styles=helper,return batch=s40

from flax import linen as nn


class Backbone(nn.Module):
    channels: int = 4

    def setup(self):
        self.conv = nn.Conv(self.channels, kernel_size=(3, 3))

    def __call__(self, x):
        return self.conv(x)


backbone = Backbone()


def prepare():
    backbone.setup()  # expect: linen-setup-called-unbound
    return backbone


print(prepare())
