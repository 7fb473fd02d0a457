# realbug: jax-18548-vmap-in-axes-dict
# source: https://github.com/jax-ml/jax/issues/18548
# kind: in-axes-structure
# raises: TypeError: vmap in_axes must be an int, None, or a tuple
import jax
import jax.numpy as jnp


def f(x):
    return x["a"]


input = {"a": jnp.zeros((3, 3))}
print(jax.vmap(f, in_axes={"a": 0})(input))  # BUG
