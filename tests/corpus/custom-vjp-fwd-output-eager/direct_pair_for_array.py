"""A custom_vjp doubling function whose fwd returns (output, input) as its primal output;
jax.vjp's pullback is then called with a cotangent shaped like the function's output."""
# corpus: label=positive styles=direct batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def double(x):
    return x * 2.0


def double_fwd(x):
    return (x * 2.0, x), x


def double_bwd(x, g):
    return (g * 2.0,)


double.defvjp(double_fwd, double_bwd)
out, pullback = jax.vjp(double, jnp.ones(3))  # expect: custom-vjp-fwd-output-eager
print(pullback(jnp.ones(3)))
