"""A jitted loss takes `reduce` as a keyword; keyword arguments are traced too, so the Python `if` on it fails."""
# corpus: label=positive styles=parameter,helper batch=s25

from functools import partial

import jax
import jax.numpy as jnp


def cross_entropy(logits, labels, reduce=True):
    logp = jax.nn.log_softmax(logits)
    per_example = -jnp.take_along_axis(logp, labels[:, None], axis=-1)[:, 0]
    if reduce:  # expect: tracer-bool-conversion-error
        return per_example.mean()
    return per_example


@partial(jax.jit)
def loss(logits, labels, reduce=True):
    return cross_entropy(logits, labels, reduce=reduce)


print(loss(jnp.zeros((4, 3)), jnp.array([0, 1, 2, 0]), reduce=False))
