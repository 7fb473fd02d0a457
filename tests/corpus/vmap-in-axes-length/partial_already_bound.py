"""`partial(predict, params)` binds params, yet in_axes still lists None for it."""
# corpus: label=positive styles=transform,attribute

from functools import partial

import jax
import jax.numpy as jnp


def predict(params, x):
    return jax.nn.softmax(x @ params["w"] + params["b"])


params = {"w": jnp.zeros((4, 3)), "b": jnp.zeros(3)}
predict_fn = partial(predict, params)
probs = jax.vmap(predict_fn, in_axes=(None, 0))(jnp.ones((6, 4)))  # expect: vmap-in-axes-length
print(probs.shape)
