"""A helper initialises the model; the script then reports the size of a layer declared in
setup, read on the model it holds."""

# corpus: label=positive styles=helper batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class Decoder(nn.Module):
    vocab: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, 4)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens):
        return self.out(self.embed(tokens))


def init_model(model, length=5):
    return model.init(jax.random.PRNGKey(0), jnp.zeros((1, length), jnp.int32))


decoder = Decoder()
variables = init_model(decoder)
vocab_size = decoder.out.features  # expect: linen-setup-attribute-unbound
