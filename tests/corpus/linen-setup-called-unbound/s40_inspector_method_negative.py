"""The inspected module has no setup of its own (a compact module): Module's own setup does
nothing, so calling it is harmless."""

# corpus: label=negative styles=method batch=s40

from flax import linen as nn


class Decoder(nn.Module):
    out: int = 3

    @nn.compact
    def __call__(self, z):
        return nn.Dense(self.out)(z)


decoder = Decoder(out=5)


class Inspector:
    def check(self):
        decoder.setup()
        return True


print(Inspector().check())
