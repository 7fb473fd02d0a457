# realbug: flax-587-dict-static-argument (fixed)
# source: https://github.com/google/flax/issues/587
import functools

import jax


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def create_model(key, input_shape, target_shape, model_kwargs):
    model_kwargs = dict(model_kwargs)
    x_key, y_key = jax.random.split(key)
    x = jax.random.normal(x_key, input_shape)
    y = jax.random.normal(y_key, target_shape)
    return (x.sum() + y.sum()) * model_kwargs["emb_dim"]


model_kwargs = {"vocab_size": 320, "emb_dim": 16, "num_heads": 4}
key = jax.random.PRNGKey(0)
print(create_model(key, (1, 8), (1, 8), tuple(model_kwargs.items())))
