# corpus: label=positive styles=helper,return
import jax
import jax.numpy as jnp


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def make_step():
    def step(params, x, y, loss_fn):
        grads = jax.grad(lambda p: loss_fn(x @ p, y))(params)
        return params - 0.1 * grads

    return jax.jit(step)


step = make_step()
step(jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4), mse)  # expect: jit-non-array-argument
