# corpus: label=positive styles=direct batch=s30
import jax
import jax.numpy as jnp

ensemble = jax.vmap(lambda w, x: jnp.tanh(x @ w), in_axes=(None, None))
ensemble(jnp.ones((3, 2)), jnp.ones(3))  # expect: vmap-no-mapped-arguments
