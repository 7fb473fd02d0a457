"""A custom_vjp scaled residual takes `(x, scale)`; its `bwd` returns a 1-tuple, forgetting the cotangent for `scale`. Based on jax-ml/jax#5571 (a bwd returning the wrong number of cotangents)."""
# corpus: label=positive styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled(x, scale):
    return x * scale


def scaled_fwd(x, scale):
    return x * scale, (x, scale)


def scaled_bwd(res, g):
    _, scale = res
    return (g * scale,)


scaled.defvjp(scaled_fwd, scaled_bwd)
loss = lambda x: scaled(x, 2.0).sum()
print(jax.grad(loss)(jnp.ones(3)))  # expect: custom-vjp-bwd-output-structure
