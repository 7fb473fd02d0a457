# realbug: equinox-193-multi-transform-callable-mask (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/193
# The report's multi_transform call on a label tree made by tree_map over a Module with a
# __call__ method (optax takes the callable as a function of the parameters).
import equinox as eqx
import jax
import jax.tree_util as jtu
import optax

model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))

model_mask = jtu.tree_map(lambda leaf: 'w', model)
optimizer = optax.multi_transform({
	'n': optax.sgd(1e-3),
	'w': optax.adam(1e-3)
}, lambda params: model_mask)
opt_state = optimizer.init(eqx.filter(model, eqx.is_array))
