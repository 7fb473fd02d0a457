# realbug: equinox-257-adam-init-on-mlp (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/257
import equinox as eqx
import jax.random as jr
import optax

model = eqx.nn.MLP(2, 2, 2, 2, key=jr.PRNGKey(0))
optim = optax.adam(0.1)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
print(opt_state)
