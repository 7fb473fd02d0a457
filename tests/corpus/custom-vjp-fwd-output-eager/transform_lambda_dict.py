"""A custom_vjp gate returns a dict; its fwd returns the dict under another key. jax.vjp of a
lambda that calls it meets a cotangent with the function's key."""
# corpus: label=positive styles=transform,return batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def gate(x):
    return {"y": jax.nn.sigmoid(x)}


def gate_fwd(x):
    s = jax.nn.sigmoid(x)
    return {"out": s}, s


def gate_bwd(s, g):
    return (g["y"] * s * (1 - s),)


gate.defvjp(gate_fwd, gate_bwd)
x = jnp.zeros(4)
out, pullback = jax.vjp(lambda v: gate(v), x)  # expect: custom-vjp-fwd-output-eager
print(pullback({"y": jnp.ones(4)}))
