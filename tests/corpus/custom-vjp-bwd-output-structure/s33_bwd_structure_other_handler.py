"""A handler for ValueError does not catch the TypeError a bwd rule with two cotangents for
one argument makes: it escapes the try."""

# corpus: label=positive styles=transform,helper batch=s33
import jax
import jax.numpy as jnp


@jax.custom_vjp
def double(x):
    return x * 2.0


def double_fwd(x):
    return double(x), None


def double_bwd(_, g):
    return (g, g)  # two cotangents for one input


double.defvjp(double_fwd, double_bwd)
try:
    jax.grad(lambda x: double(x).sum())(jnp.ones(3))  # expect: custom-vjp-bwd-output-structure
except ValueError:
    print("not reached")
