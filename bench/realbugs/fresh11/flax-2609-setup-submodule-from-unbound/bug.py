# realbug: flax-2609-setup-submodule-from-unbound
# source: https://github.com/google/flax/issues/2609
# kind: library-contract
# raises: AttributeError: "MyModule" object has no attribute "submodule"
# Users read a submodule defined in `setup` from the constructed (unbound) top-level module;
# `setup` runs only inside `init`/`apply` (or on a bound module).
import flax.linen as nn


class MySubModule(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(2)(x)


class MyModule(nn.Module):
  def setup(self):
    self.submodule = MySubModule()

  def __call__(self, x):
    return self.submodule(x)


module = MyModule()
submodule = module.submodule  # BUG
print(submodule)
