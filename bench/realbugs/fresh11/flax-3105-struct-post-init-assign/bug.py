# realbug: flax-3105-struct-post-init-assign
# source: https://github.com/google/flax/issues/3105
# kind: library-contract
# raises: ValueError: data_fields and meta_fields must include all dataclass fields with ``init=True`` and only them
# A `flax.struct.dataclass` declared a field with `init=False` and set it in `__post_init__`.
# The report saw FrozenInstanceError from the assignment; Flax 0.12 refuses the class one step
# earlier, when the decorator collects the fields.
from flax import struct
import dataclasses as dc


@struct.dataclass  # BUG
class Tree:
  a: int = dc.field(init=False)

  def __post_init__(self):
    self.a = 1


tree = Tree()
print(tree)
