"""An action sampled from one state's logits with the batch's axis."""

# corpus: label=positive styles=helper batch=s36
import jax
import jax.numpy as jnp


def act(key, logits):
    return jax.random.categorical(key, logits, axis=1)  # expect: axis-out-of-bounds


act(jax.random.PRNGKey(0), jnp.zeros(4))
