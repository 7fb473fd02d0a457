# corpus: label=positive styles=parameter,helper
import jax
import jax.numpy as jnp


@jax.custom_vjp
def scaled(x, scale):
    return x * scale


def scaled_fwd(x, scale):
    return x * scale, scale


def scaled_bwd(scale, g):
    return (g * scale,)


scaled.defvjp(scaled_fwd, scaled_bwd)


def objective(x, scale):
    return scaled(x, scale).sum()


jax.grad(objective)(jnp.ones(3), 2.0)  # expect: custom-vjp-bwd-output-structure
