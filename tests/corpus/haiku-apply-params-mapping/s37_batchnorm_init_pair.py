"""A network with BatchNorm moved to transform_with_state, its init's pair kept as params."""

# corpus: label=positive styles=helper batch=s37
import haiku as hk
import jax
import jax.numpy as jnp


def net(x, is_training):
    x = hk.Linear(8)(x)
    return hk.BatchNorm(True, True, 0.9)(x, is_training)


model = hk.transform_with_state(net)


def train_step(params, state, x):
    out, state = model.apply(params, state, None, x, True)  # expect: haiku-apply-params-mapping
    return out, state


x = jnp.ones((4, 3))
params = model.init(jax.random.PRNGKey(0), x, True)
train_step(params, {}, x)
