"""A Sequential built by a helper, with a scaling function that takes (and ignores) a key."""

# corpus: label=negative styles=helper batch=s37
import equinox as eqx
import jax
import jax.numpy as jnp


def halve(x, *, key=None):
    return x / 2


def build(key):
    return eqx.nn.Sequential([eqx.nn.Linear(3, 5, key=key), halve])


model = build(jax.random.PRNGKey(1))
model(jnp.ones(3))
