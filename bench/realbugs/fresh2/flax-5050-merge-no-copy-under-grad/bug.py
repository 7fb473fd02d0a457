# realbug: flax-5050-merge-no-copy-under-grad
# source: https://github.com/google/flax/issues/5050
# kind: nnx-trace-context
# raises: TraceContextError: Cannot mutate RngCount from a different trace level
import flax.nnx as nnx
import jax
import jax.numpy as jnp

model = nnx.MultiHeadAttention(8, 8, 8, 8, rngs=nnx.Rngs(0), dropout_rate=0.1)

graphdef, params, state = nnx.split(model, nnx.Param, ...)


def loss(params, state):
    model = nnx.merge(graphdef, params, state, copy=False)  # BUG
    model.train()
    logits = model(jnp.ones((4, 16, 8)), decode=False)  # BUG
    return logits.sum()


print(jax.grad(loss)(params, state))
