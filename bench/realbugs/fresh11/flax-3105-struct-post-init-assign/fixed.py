# realbug: flax-3105-struct-post-init-assign (fixed)
# source: https://github.com/google/flax/issues/3105
from flax import struct
import dataclasses as dc


@struct.dataclass
class Tree:
  a: int = 1


tree = Tree()
print(tree)
