# realbug: equinox-1035-tree-at-field-left-none
# source: https://github.com/patrick-kidger/equinox/issues/1035
# kind: module-field-none
# raises: ValueError: `where` does not specify an element or elements of `pytree`
import equinox as eqx
import jax
import jax.numpy as jnp


class StateWithInit(eqx.Module):
    x: jax.Array | None = None

    def __init__(self):
        pass


s = StateWithInit()
print(f"{s.x=}")

s = eqx.tree_at(lambda x: [x.x], s, [jnp.arange(2)])  # BUG
print(f"{s=}, {s.x=}")
