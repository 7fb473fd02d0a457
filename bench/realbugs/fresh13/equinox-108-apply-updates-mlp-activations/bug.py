# realbug: equinox-108-apply-updates-mlp-activations
# source: https://github.com/patrick-kidger/equinox/issues/108
# kind: pytree-leaf-type
# raises: TypeError: unsupported operand type\(s\) for \+
# `eqx.apply_updates` given a whole MLP as the updates: the MLP's activation functions are
# leaves too, and adding two functions fails.
import equinox as eqx
import jax.random as jrand

mlp = eqx.nn.MLP(in_size=1, width_size=1, out_size=1, depth=1, key=jrand.PRNGKey(0))
print(eqx.apply_updates(mlp, mlp))  # BUG
