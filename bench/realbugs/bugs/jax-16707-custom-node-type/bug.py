# realbug: jax-16707-custom-node-type
# source: https://github.com/jax-ml/jax/issues/16707
# kind: pytree-structure
# raises: ValueError: .*(Custom node type mismatch|pytree structure|different types)
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


a = get_M()(x=1)
b = get_M()(x=1)
print(jax.tree_util.tree_map(lambda u, v: u + v, a, b))  # BUG
