"""The same report, read inside apply through a method of its own."""

# corpus: label=negative styles=helper batch=s40

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

    def out_features(self):
        return self.out.features


def init_model(model, length=5):
    return model.init(jax.random.PRNGKey(0), jnp.zeros((1, length), jnp.int32))


decoder = Decoder()
variables = init_model(decoder)
vocab_size = decoder.apply(variables, method=Decoder.out_features)
