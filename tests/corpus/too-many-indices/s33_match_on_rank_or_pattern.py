"""The same helper with the ranks joined in one case: a vector takes the two-index case."""

# corpus: label=positive styles=helper,parameter batch=s33
import jax.numpy as jnp


def corner(a):
    match a.ndim:
        case 1 | 2:
            return a[:3, :3]  # expect: too-many-indices
        case _:
            return a


print(corner(jnp.ones(2)))
