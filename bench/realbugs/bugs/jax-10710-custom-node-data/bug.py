# realbug: jax-10710-custom-node-data
# source: https://github.com/jax-ml/jax/issues/10710
# kind: pytree-structure
# raises: ValueError: .*(Mismatch custom node data|pytree metadata|pytree structure)
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class ParamsDict:
    def __init__(self, **kwargs):
        self.params = {**kwargs}

    def tree_flatten(self):
        return jax.tree_util.tree_flatten(self.params)

    @classmethod
    def tree_unflatten(cls, aux, values):
        return ParamsDict(**jax.tree_util.tree_unflatten(aux, values))


e = ParamsDict()
e.params["a"] = jnp.zeros((1, 4))
e1 = jax.tree_util.tree_map(lambda x: (x, 1.1), e)
l = jax.tree_util.tree_map(lambda a, b: 2.2, e, e1)  # BUG
print(l)
