# realbug: equinox-108-apply-updates-mlp-activations (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/108
import equinox as eqx
import jax.random as jrand

mlp = eqx.nn.MLP(in_size=1, width_size=1, out_size=1, depth=1, key=jrand.PRNGKey(0))
print(eqx.apply_updates(mlp, eqx.filter(mlp, eqx.is_array)))
