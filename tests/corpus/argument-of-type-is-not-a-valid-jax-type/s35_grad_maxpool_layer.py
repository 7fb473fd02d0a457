"""jax.grad with respect to a small equinox model list holding a MaxPool2d layer."""
# corpus: label=positive styles=transform batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
layers = [eqx.nn.MaxPool2d(kernel_size=2), eqx.nn.Conv2d(3, 1, kernel_size=1, key=key)]


def loss(layers, x):
    for layer in layers:
        x = layer(x)
    return jnp.mean(x)


x = jnp.ones((3, 8, 8))
grads = jax.grad(loss)(layers, x)  # expect: argument-of-type-is-not-a-valid-jax-type
