# realbug: jax-8356-custom-vjp-bwd-structure
# source: https://github.com/jax-ml/jax/issues/8356
# kind: custom-rule-output
# raises: TypeError: Custom VJP bwd rule .*(structure|must produce)
import jax
from jax import numpy as jnp


@jax.custom_vjp
def splat_2d(data, warp, output_dims):
    output = jnp.zeros((output_dims[0], output_dims[1], data.shape[-1]), dtype=data.dtype)
    return output.at[: data.shape[0], : data.shape[1]].set(data * warp[..., :1] + warp[..., 1:2])


def splat_2d_fwd(data, warp, output_dims):
    return splat_2d(data, warp, output_dims), (data, warp)


def splat_2d_bwd(res, g):
    return res[0] * 2.0 * jnp.sum(g), res[1] * 2.0 * jnp.sum(g)  # BUG


splat_2d.defvjp(splat_2d_fwd, splat_2d_bwd)

warp = jnp.ones((5, 5, 2))
data = jnp.ones((5, 5, 3))
print(jax.grad(lambda d: splat_2d(d, warp, (6, 7)).sum())(data).shape)  # BUG
