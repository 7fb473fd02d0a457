"""A config dataclass says 32x32 images; the decoder reshapes 28x28 data with it."""
# corpus: label=positive styles=attribute,parameter

from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    height: int = 32
    width: int = 32
    channels: int = 3


def decode(flat, cfg):
    shape = (flat.shape[0], cfg.height, cfg.width, cfg.channels)
    return flat.reshape(shape)  # expect: reshape-size-mismatch


flat = jnp.zeros((4, 28 * 28 * 3))
print(decode(flat, Config()).shape)
