# realbug: probml-utils-33-experimental-optimizers
# source: https://github.com/probml/probml-utils/issues/33
# kind: removed-module
# raises: ImportError: cannot import name 'optimizers' from 'jax.experimental'
# The package trained a small model with JAX's example optimizers under their old home;
# `jax.experimental.optimizers` was removed in 0.3.16. The training loop is filled in.
import jax.numpy as jnp
from jax import grad
from jax.experimental import optimizers  # BUG


def loss(w):
  return jnp.sum((w - 3.0) ** 2)


opt_init, opt_update, get_params = optimizers.adam(0.1)
state = opt_init(jnp.zeros(2))
for step in range(3):
  state = opt_update(step, grad(loss)(get_params(state)), state)
print(get_params(state))
