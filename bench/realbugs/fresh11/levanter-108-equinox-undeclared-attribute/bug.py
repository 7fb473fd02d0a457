# realbug: levanter-108-equinox-undeclared-attribute
# source: https://github.com/marin-community/levanter/issues/108
# kind: library-contract
# raises: FrozenInstanceError: cannot assign to field 'w'
# A user porting a model to Equinox (haliax) set attributes in `__init__` that the class had
# not declared as fields; an Equinox module only accepts declared fields. The layer is filled in.
import equinox as eqx
import jax.numpy as jnp


class Net(eqx.Module):
  def __init__(self, size):
    self.w = jnp.ones(size)  # BUG

  def __call__(self, x):
    return self.w * x


print(Net(3)(jnp.ones(3)))
