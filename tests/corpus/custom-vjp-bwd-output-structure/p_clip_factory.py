"""A factory's custom_vjp of two arguments whose bwd returns one clipped cotangent."""

# corpus: label=positive styles=return
import jax
import jax.numpy as jnp


def make_clipped(limit):
    @jax.custom_vjp
    def scaled(x, scale):
        return x * scale

    def fwd(x, scale):
        return scaled(x, scale), (x, scale)

    def bwd(res, g):
        _, scale = res
        return jnp.clip(g * scale, -limit, limit)

    scaled.defvjp(fwd, bwd)
    return scaled


op = make_clipped(1.0)
jax.grad(lambda x: op(x, 2.0).sum())(jnp.ones(3))  # expect: custom-vjp-bwd-output-structure
