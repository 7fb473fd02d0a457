"""`fit` takes a `compiled` switch: it builds the loss with Python-side sanity checks only
when not compiled, and jits it only when compiled. The switch is a command-line option."""
# corpus: label=negative styles=helper,parameter

import argparse

import jax
import jax.numpy as jnp


def mse(params, x, y, checks):
    pred = x @ params
    if checks:
        if jnp.any(jnp.isinf(pred)):
            raise ValueError("prediction overflowed")
    return jnp.mean((pred - y) ** 2)


def make_loss(compiled):
    def loss(params, x, y):
        return mse(params, x, y, checks=not compiled)

    return loss


def fit(params, x, y, compiled):
    loss_grad = jax.grad(make_loss(compiled))
    if compiled:
        loss_grad = jax.jit(loss_grad)
    for _ in range(5):
        params = params - 0.01 * loss_grad(params, x, y)
    return params


parser = argparse.ArgumentParser()
parser.add_argument("--eager", action="store_true")
args = parser.parse_args([])
print(fit(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8), compiled=not args.eager))
