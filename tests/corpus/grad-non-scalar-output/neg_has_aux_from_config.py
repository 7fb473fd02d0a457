"""Whether the loss returns aux is a config choice; has_aux follows the same flag."""
# corpus: label=negative styles=parameter,return batch=d

import jax
import jax.numpy as jnp


def make_loss(with_aux):
    def loss(w, x):
        value = jnp.sum((x @ w) ** 2)
        if with_aux:
            return value, {"norm": jnp.linalg.norm(w)}
        return value

    return loss


def gradient(with_aux, w, x):
    return jax.grad(make_loss(with_aux), has_aux=with_aux)(w, x)


print(gradient(True, jnp.ones(3), jnp.ones((2, 3))))
print(gradient(False, jnp.ones(3), jnp.ones((2, 3))))
