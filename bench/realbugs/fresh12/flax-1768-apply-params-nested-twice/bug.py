# realbug: flax-1768-apply-params-nested-twice
# source: https://github.com/google/flax/issues/1768
# kind: library-contract
# raises: ApplyScopeInvalidVariablesStructureError
# The user wrapped the variables `init` returned in another `{'params': ...}`, so `apply`
# saw `{'params': {'params': ...}}`.
import flax.linen as nn
import jax
import jax.numpy as jnp

model = nn.Dense(3)
x = jnp.ones((1, 4))
variables = model.init(jax.random.key(0), x)
y = model.apply({"params": variables}, x)  # BUG
print(y.shape)
