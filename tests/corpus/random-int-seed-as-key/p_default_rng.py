"""An rng=None default replaced by the integer 0 and passed on as a key."""

# corpus: label=positive styles=parameter,helper
import jax
import jax.numpy as jnp


def init_weights(shape, rng=None):
    if rng is None:
        rng = 0
    return jax.random.normal(rng, shape) * 0.01  # expect: random-int-seed-as-key


def init_model():
    return {"w": init_weights((3, 3)), "b": jnp.zeros(3)}


init_model()
