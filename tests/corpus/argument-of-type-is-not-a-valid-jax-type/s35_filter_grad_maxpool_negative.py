"""The same layers differentiated by eqx.filter_grad, which leaves the pool's function out."""
# corpus: label=negative styles=transform batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
layers = [eqx.nn.MaxPool2d(kernel_size=2), eqx.nn.Conv2d(3, 1, kernel_size=1, key=key)]


def loss(layers, x):
    for layer in layers:
        x = layer(x)
    return jnp.mean(x)


grads = eqx.filter_grad(loss)(layers, jnp.ones((3, 8, 8)))
