# realbug: equinox-1066-field-set-after-init (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/1066
import equinox as eqx
import jax
import jax.numpy as jnp


class Holder(eqx.Module):
    x: jax.Array | None

    def __init__(self):
        self.x = None

    def function(self, value):
        return eqx.tree_at(
            lambda h: h.x, self, jnp.asarray(value) * 2.0, is_leaf=lambda v: v is None
        )


obj = Holder()
obj = obj.function(3.0)
print(obj.x)
