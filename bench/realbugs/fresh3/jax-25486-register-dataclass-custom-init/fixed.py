# realbug: jax-25486-register-dataclass-custom-init (fixed)
# source: https://github.com/jax-ml/jax/issues/25486
import dataclasses

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class X:
    x: int

    @classmethod
    def from_flag(cls, *, y: bool) -> "X":
        return cls(x=int(y))


leaves, treedef = jax.tree_util.tree_flatten(X.from_flag(y=True))
jax.tree_util.tree_unflatten(treedef, leaves)
