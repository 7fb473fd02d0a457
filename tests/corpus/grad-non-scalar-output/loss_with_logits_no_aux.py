"""A training step differentiates a loss helper that also returns the logits, without has_aux."""
# corpus: label=positive styles=helper,transform,return batch=d

import jax
import jax.numpy as jnp


def forward(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


def loss_fn(params, x, y):
    logits = forward(params, x)
    loss = jnp.mean((logits - y) ** 2)
    return loss, logits


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)  # expect: grad-non-scalar-output
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


params = {"w": jnp.zeros((3, 2)), "b": jnp.zeros((2,))}
print(train_step(params, jnp.ones((8, 3)), jnp.ones((8, 2))))
