# realbug: jax-26053-vmap-in-axes-custom-node-none-field
# source: https://github.com/jax-ml/jax/issues/26053
# kind: in-axes-structure
# raises: ValueError: vmap in_axes specification must be a tree prefix of the corresponding value
import dataclasses
import jax, jax.numpy as jnp

a = {"a": jnp.array([1, 2, 3]), "b": 2}
@dataclasses.dataclass
class dc_a:
    a: jnp.ndarray
    b: int

jax.tree_util.register_pytree_node(
    dc_a,
    lambda obj: jax.tree.flatten({"a": obj.a, "b": obj.b}),
    lambda aux, flat: dc_a(**jax.tree.unflatten(aux, flat))
)
a = dc_a(**a)
a_axes = jax.tree.map(lambda x: 0, a)
a_axes.b = None  # BUG

fn = jax.vmap(lambda a: a.a + a.b, in_axes=(a_axes, ))
print(fn(a))  # BUG
