"""A custom_jvp rule pairs a tuple argument's primals with its tangents: JAX hands the rule a
tangent tree of the primal's structure (a tuple for a tuple), so tree_map over both works."""

# corpus: label=negative styles=transform,parameter batch=s33
import jax
import jax.numpy as jnp


@jax.custom_jvp
def total(scale, args):
    return scale * sum(args)


@total.defjvp
def total_jvp(primals, tangents):
    (scale, args), (_, args_dot) = primals, tangents
    pairs = jax.tree_util.tree_map(lambda p, t: p * 0 + t, args, args_dot)
    return total(scale, args), scale * sum(pairs)


def loss(x):
    return total(2.0, (x, x * 3.0))


print(jax.grad(loss)(jnp.float32(1.5)))
