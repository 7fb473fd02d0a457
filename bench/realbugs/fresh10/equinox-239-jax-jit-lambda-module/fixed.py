# realbug: equinox-239-jax-jit-lambda-module (fixed)
# source: https://github.com/patrick-kidger/equinox/pull/239
import jax
import equinox as eqx


def loss_fn(model, x, y):
    return (model(x) - y) ** 2


model = eqx.nn.Lambda(jax.nn.relu)
print(eqx.filter_jit(loss_fn)(model, 0.0, 0.0))
