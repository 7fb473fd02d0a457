"""An action sampled from one state's logits along their last axis."""

# corpus: label=negative styles=helper batch=s36
import jax
import jax.numpy as jnp


def act(key, logits):
    return jax.random.categorical(key, logits, axis=-1)


act(jax.random.PRNGKey(0), jnp.zeros(4))
