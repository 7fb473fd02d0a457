# corpus: label=positive styles=parameter,attribute
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass
class Batch:
    images: jnp.ndarray


def red_channel(batch: Batch, row=0):
    return batch.images[:, row, :, 0]  # expect: too-many-indices


red_channel(Batch(jnp.ones((8, 32, 32))))
