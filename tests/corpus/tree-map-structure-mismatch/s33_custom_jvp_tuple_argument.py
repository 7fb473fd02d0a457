"""A custom_jvp rule pairs a tuple argument's primals with the first tangent only: a tuple
against a leaf, so tree_map raises ValueError when grad runs the rule."""

# corpus: label=positive styles=transform,parameter batch=s33
import jax
import jax.numpy as jnp


@jax.custom_jvp
def total(scale, args):
    return scale * sum(args)


@total.defjvp
def total_jvp(primals, tangents):
    (scale, args), (_, args_dot) = primals, tangents
    first = args_dot[0]
    pairs = jax.tree.map(lambda p, t: p * 0 + t, args, first)  # expect: tree-map-structure-mismatch
    return total(scale, args), scale * sum(pairs)


def loss(x):
    return total(2.0, (x, x * 3.0))


print(jax.grad(loss)(jnp.float32(1.5)))
