"""Raises ValueError: a flax.struct.dataclass declares a field with init=False."""

import dataclasses

from flax import struct


@struct.dataclass
class Tree:
    a: int = dataclasses.field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "a", 1)
