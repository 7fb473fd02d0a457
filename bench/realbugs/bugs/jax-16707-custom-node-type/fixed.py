# realbug: jax-16707-custom-node-type (fixed)
# source: https://github.com/jax-ml/jax/issues/16707
from typing import NamedTuple

import jax


def get_M():
    @jax.tree_util.register_pytree_node_class
    class M(NamedTuple):
        x: int

        def tree_flatten(self):
            return (self.x,), None

        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls(*children)

    return M


M = get_M()
a = M(x=1)
b = M(x=1)
print(jax.tree_util.tree_map(lambda u, v: u + v, a, b))
