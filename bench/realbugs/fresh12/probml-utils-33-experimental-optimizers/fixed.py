# realbug: probml-utils-33-experimental-optimizers (fixed)
# source: https://github.com/probml/probml-utils/issues/33
import jax.numpy as jnp
from jax import grad
from jax.example_libraries import optimizers


def loss(w):
  return jnp.sum((w - 3.0) ** 2)


opt_init, opt_update, get_params = optimizers.adam(0.1)
state = opt_init(jnp.zeros(2))
for step in range(3):
  state = opt_update(step, grad(loss)(get_params(state)), state)
print(get_params(state))
