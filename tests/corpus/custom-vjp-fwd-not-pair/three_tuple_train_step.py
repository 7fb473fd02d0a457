"""fwd returns (y, x, scale) flat instead of (y, (x, scale)); the loss reaches grad as a parameter."""
# corpus: label=positive styles=parameter,helper

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled_tanh(x, scale):
    return jnp.tanh(x) * scale


def scaled_tanh_fwd(x, scale):
    y = jnp.tanh(x)
    return y * scale, y, scale  # expect: custom-vjp-fwd-not-pair


def scaled_tanh_bwd(res, g):
    y, scale = res
    return (g * scale * (1.0 - y * y), jnp.sum(g * y))


scaled_tanh.defvjp(scaled_tanh_fwd, scaled_tanh_bwd)


def mse(params, x, y):
    return jnp.mean((scaled_tanh(x @ params["w"], params["s"]) - y) ** 2)


def train_step(loss_fn, params, batch, lr=0.1):
    grads = jax.grad(loss_fn)(params, *batch)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


params = {"w": jnp.full((3, 2), 0.1), "s": jnp.float32(2.0)}
batch = (jnp.ones((4, 3)), jnp.zeros((4, 2)))
print(train_step(mse, params, batch))
