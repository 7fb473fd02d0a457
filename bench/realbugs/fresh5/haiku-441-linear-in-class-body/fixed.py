# realbug: haiku-441-linear-in-class-body (fixed)
# source: https://github.com/google-deepmind/dm-haiku/issues/441
import haiku as hk
import jax
import jax.numpy as jnp


def encoder(x):
    layers = [hk.Linear(400), jax.nn.relu]
    for layer in layers:
        x = layer(x)
    return x


f = hk.transform(encoder)
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))
