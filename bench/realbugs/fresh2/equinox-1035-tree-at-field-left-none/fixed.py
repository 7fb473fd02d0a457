# realbug: equinox-1035-tree-at-field-left-none (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/1035
import equinox as eqx
import jax
import jax.numpy as jnp


class StateWithInit(eqx.Module):
    x: jax.Array | None = None

    def __init__(self):
        self.x = None


s = StateWithInit()
print(f"{s.x=}")

s = eqx.tree_at(lambda x: [x.x], s, [jnp.arange(2)])
print(f"{s=}, {s.x=}")
