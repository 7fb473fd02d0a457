# realbug: jax-25486-register-dataclass-custom-init
# source: https://github.com/jax-ml/jax/issues/25486
# kind: pytree-unflatten
# raises: TypeError: .*__init__\(\) got an unexpected keyword argument 'x'
import dataclasses

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class X:
    x: int

    def __init__(self, *, y: bool):  # BUG
        self.x = int(y)


leaves, treedef = jax.tree_util.tree_flatten(X(y=True))
jax.tree_util.tree_unflatten(treedef, leaves)  # BUG
