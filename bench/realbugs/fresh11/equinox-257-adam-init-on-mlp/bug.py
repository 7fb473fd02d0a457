# realbug: equinox-257-adam-init-on-mlp
# source: https://github.com/patrick-kidger/equinox/issues/257
# kind: library-contract
# raises: TypeError: zeros_like requires ndarray or scalar arguments
# The reporter initialised an Optax optimizer on a whole `eqx.nn.MLP`; the model's pytree holds
# its activation functions as leaves, and Adam's `init` builds zeros like every leaf.
import equinox as eqx
import jax.random as jr
import optax

model = eqx.nn.MLP(2, 2, 2, 2, key=jr.PRNGKey(0))
optim = optax.adam(0.1)
opt_state = optim.init(model)  # BUG
print(opt_state)
