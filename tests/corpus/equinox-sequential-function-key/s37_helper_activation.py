"""A Sequential built by a helper from a list of sizes, with a scaling function of its own."""

# corpus: label=positive styles=helper batch=s37
import equinox as eqx
import jax
import jax.numpy as jnp


def halve(x):
    return x / 2


def build(key):
    return eqx.nn.Sequential([eqx.nn.Linear(3, 5, key=key), halve])


model = build(jax.random.PRNGKey(1))
model(jnp.ones(3))  # expect: equinox-sequential-function-key
