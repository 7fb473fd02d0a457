# corpus: label=positive styles=parameter batch=c
"""An MLP takes its activation as a keyword argument; the custom_jvp passed in was used
before its rule got registered further down the script."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def gelu_tanh(x):  # expect: custom-jvp-without-defjvp
    return 0.5 * x * (1 + jnp.tanh(0.7978845608 * (x + 0.044715 * x**3)))


def mlp(layers, x, *, activation=jax.nn.relu):
    for w in layers[:-1]:
        x = activation(x @ w)
    return x @ layers[-1]


layers = [jnp.eye(3), jnp.eye(3), jnp.ones((3, 1))]
out = mlp(layers, jnp.ones((2, 3)), activation=gelu_tanh)


@gelu_tanh.defjvp
def gelu_tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return gelu_tanh(x), jax.grad(lambda z: 0.5 * z * (1 + jnp.tanh(z)))(x) * t


print(out)
