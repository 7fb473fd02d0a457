# realbug: flax-5050-merge-no-copy-under-grad (fixed)
# source: https://github.com/google/flax/issues/5050
import flax.nnx as nnx
import jax
import jax.numpy as jnp

model = nnx.MultiHeadAttention(8, 8, 8, 8, rngs=nnx.Rngs(0), dropout_rate=0.1)

graphdef, params, state = nnx.split(model, nnx.Param, ...)


def loss(params, state):
    model = nnx.merge(graphdef, params, state, copy=True)
    model.train()
    logits = model(jnp.ones((4, 16, 8)), decode=False)
    return logits.sum()


print(jax.grad(loss)(params, state))
