# realbug: equinox-239-jax-jit-lambda-module
# source: https://github.com/patrick-kidger/equinox/pull/239
# kind: not-jax-type
# raises: TypeError: Error interpreting argument to .* as an abstract array
# The FAQ entry this PR added, from a user's report (equinox#149's thread): an
# `eqx.nn.Lambda(jax.nn.relu)` model passed through plain `jax.jit`, which tries to trace the
# wrapped function as an array (`eqx.filter_jit` is the fix).
import jax
import equinox as eqx


def loss_fn(model, x, y):
    return (model(x) - y) ** 2


model = eqx.nn.Lambda(jax.nn.relu)
print(jax.jit(loss_fn)(model, 0.0, 0.0))  # BUG
