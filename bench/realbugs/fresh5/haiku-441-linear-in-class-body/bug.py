# realbug: haiku-441-linear-in-class-body
# source: https://github.com/google-deepmind/dm-haiku/issues/441
# kind: library-contract
# raises: ValueError: All `hk.Module`s must be initialized inside an `hk.transform`
# The report's Config class holds its layers as class attributes; its project imports and the
# other networks' fields are left out.
from typing import List

import haiku as hk
import jax
import jax.numpy as jnp


class Config(hk.Module):
    encoder_layers: List[hk.Module] = [
        hk.Linear(400),  # BUG
        jax.nn.relu,
    ]
