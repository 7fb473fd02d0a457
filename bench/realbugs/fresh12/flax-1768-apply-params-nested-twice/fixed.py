# realbug: flax-1768-apply-params-nested-twice (fixed)
# source: https://github.com/google/flax/issues/1768
import flax.linen as nn
import jax
import jax.numpy as jnp

model = nn.Dense(3)
x = jnp.ones((1, 4))
variables = model.init(jax.random.key(0), x)
y = model.apply(variables, x)
print(y.shape)
