"""A helper prints the corner of an array, matching on its rank: a vector never reaches the
two-index case."""

# corpus: label=negative styles=helper,parameter batch=s33
import jax.numpy as jnp


def corner(a):
    match a.ndim:
        case 1:
            return a[:3]
        case 2:
            return a[:3, :3]
        case _:
            return a


print(corner(jnp.ones(2)), corner(jnp.ones((4, 4))))
