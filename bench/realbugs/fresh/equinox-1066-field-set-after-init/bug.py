# realbug: equinox-1066-field-set-after-init
# source: https://github.com/patrick-kidger/equinox/issues/1066
# kind: module-frozen-field
# raises: FrozenInstanceError: cannot assign to field 'x'
import equinox as eqx
import jax
import jax.numpy as jnp


class Holder(eqx.Module):
    x: jax.Array | None

    def __init__(self):
        self.x = None

    def function(self, value):
        self.x = jnp.asarray(value) * 2.0  # BUG


obj = Holder()
obj.function(3.0)
print(obj.x)
