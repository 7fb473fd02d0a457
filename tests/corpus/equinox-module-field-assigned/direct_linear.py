"""A linear layer's weight is replaced by assignment."""
# corpus: label=positive styles=direct

import equinox as eqx
import jax

layer = eqx.nn.Linear(4, 4, key=jax.random.PRNGKey(0))
layer.weight = layer.weight * 0.5  # expect: equinox-module-field-assigned
print(layer.weight.shape)
