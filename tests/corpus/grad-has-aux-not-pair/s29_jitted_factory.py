"""A factory returns a jitted gradient with has_aux of a loss that returns a metrics dict only."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp


def make_update(scale):
    def loss(w):
        return {"loss": jnp.sum((w * scale) ** 2), "norm": jnp.linalg.norm(w)}

    return jax.jit(jax.grad(loss, has_aux=True))


update = make_update(2.0)
print(update(jnp.arange(3.0)))  # expect: grad-has-aux-not-pair
