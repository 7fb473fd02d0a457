"""argnums points a gradient at the integer label argument instead of the weights."""
# corpus: label=positive styles=parameter,transform batch=s25

import jax
import jax.numpy as jnp


def nll(w, labels, x):
    logits = x @ w
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))


grad_fn = jax.grad(nll, argnums=1)
labels = jnp.array([0, 2, 1])
print(grad_fn(jnp.ones((4, 3)), labels, jnp.ones((3, 4))))  # expect: grad-integer-input
