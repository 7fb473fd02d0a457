"""A configuration class that lists its encoder's layers as class attributes."""
# corpus: label=positive styles=attribute

import haiku as hk
import jax


class Config:
    encoder_layers = (hk.Linear(400), jax.nn.relu)  # expect: haiku-outside-transform
    latent_size = 20
