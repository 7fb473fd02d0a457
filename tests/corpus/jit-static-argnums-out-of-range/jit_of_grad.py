"""jax.jit of jax.grad(loss): grad keeps loss's three parameters, so static index 3 is past them."""
# corpus: label=positive styles=transform,return

import jax
import jax.numpy as jnp


def loss(w, x, num_classes):
    return jnp.sum(jax.nn.one_hot(jnp.argmax(x @ w, axis=-1), num_classes) * (x @ w))


def make_grad_fn():
    return jax.jit(jax.grad(loss), static_argnums=3)  # expect: jit-static-argnums-out-of-range


grad_fn = make_grad_fn()
print(grad_fn(jnp.ones((3, 4)), jnp.ones((2, 3)), 4))
