# corpus: label=positive styles=helper,return
import jax
import jax.numpy as jnp


def mse(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


def gradient_step(params, x, y, lr=0.1):
    grads = jax.grad(mse(params, x, y))(params, x, y)  # expect: function-argument-not-callable
    return params - lr * grads


params = jnp.zeros(3)
x = jnp.ones((4, 3))
y = jnp.ones(4)
gradient_step(params, x, y)
