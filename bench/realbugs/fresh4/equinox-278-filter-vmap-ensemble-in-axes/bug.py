# realbug: equinox-278-filter-vmap-ensemble-in-axes
# source: https://github.com/patrick-kidger/equinox/issues/278
# kind: not-jax-type
# raises: TypeError: .* is not a valid JAX type
# The documentation's ensembling example the reporter ran; equinox 0.10 raised an IndexError,
# equinox 0.13 on JAX 0.12 refuses the activation function leaf that in_axes=0 maps.
import jax
import equinox as eqx
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
keys = jax.random.split(key, 8)

# Create an ensemble of models
@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 2, 2, 2, key=key)

mlp_ensemble = make_ensemble(keys)

# Evaluate each member of the ensemble on the same data
@eqx.filter_vmap(in_axes=(0, None))  # BUG
def evaluate_ensemble(model, x):
    return model(x)

evaluate_ensemble(mlp_ensemble, jax.random.normal(key, (2,)))  # BUG
