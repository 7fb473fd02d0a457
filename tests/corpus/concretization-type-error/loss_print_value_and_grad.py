"""The loss unpacked from `jax.value_and_grad(...)(...)` is printed with `float()` inside jit."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def cross_entropy(params, x, labels):
    logits = x @ params
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(labels.shape[0]), labels])


@jax.jit
def update(params, x, labels):
    loss, grads = jax.value_and_grad(cross_entropy)(params, x, labels)
    print("loss", float(loss))  # expect: concretization-type-error
    return params - 0.5 * grads


update(jnp.zeros((3, 2)), jnp.ones((4, 3)), jnp.array([0, 1, 1, 0]))
