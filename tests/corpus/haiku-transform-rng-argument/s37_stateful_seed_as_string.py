"""A stateful Haiku network given its seed from a config as a string."""

# corpus: label=positive styles=parameter batch=s37
import haiku as hk
import jax
import jax.numpy as jnp


def counter(x):
    count = hk.get_state("count", [], init=jnp.zeros)
    hk.set_state("count", count + 1)
    return x * 2


model = hk.transform_with_state(counter)


def run(x, seed="0"):
    params, state = model.init(jax.random.PRNGKey(0), x)
    return model.apply(params, state, seed, x)  # expect: haiku-transform-rng-argument


run(jnp.ones(3))
