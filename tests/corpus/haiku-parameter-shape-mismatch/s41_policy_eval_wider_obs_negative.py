"""A Haiku policy initialised on a dummy observation of the size it is evaluated on."""

# corpus: label=negative styles=helper,attribute batch=s41
import haiku as hk
import jax
import jax.numpy as jnp

OBS_SIZE = 12


def policy(obs):
    logits = hk.Linear(4)(obs)
    return jax.nn.softmax(logits)


net = hk.without_apply_rng(hk.transform(policy))
params = net.init(jax.random.PRNGKey(0), jnp.zeros((1, OBS_SIZE)))


def act(params, obs):
    return net.apply(params, obs).argmax(-1)


act(params, jnp.zeros((32, OBS_SIZE)))
