"""An inspector class whose method sets the global model up by hand before a sanity check."""

# corpus: label=positive styles=method batch=s40

from flax import linen as nn


class Decoder(nn.Module):
    out: int = 3

    def setup(self):
        self.dense = nn.Dense(self.out)

    def __call__(self, z):
        return self.dense(z)


decoder = Decoder(out=5)


class Inspector:
    def check(self):
        decoder.setup()  # expect: linen-setup-called-unbound
        return True


Inspector().check()
