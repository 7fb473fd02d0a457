"""A custom_vjp layer returns a dict of outputs; its `fwd` builds the dict with another key than the primal function (`"out"` for `"y"`); the loss is jitted."""
# corpus: label=positive styles=attribute,return batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def gated(x):
    return {"y": x * 2.0}


def gated_fwd(x):
    outputs = {"out": x * 2.0}
    return outputs, None


def gated_bwd(_, g):
    return (jax.tree.leaves(g)[0] * 2.0,)


gated.defvjp(gated_fwd, gated_bwd)
loss = jax.jit(lambda x: gated(x)["y"].sum())
print(jax.grad(loss)(jnp.ones(3)))  # expect: custom-vjp-fwd-output-structure
