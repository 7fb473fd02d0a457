# realbug: jax-14279-zeros-traced-dim
# source: https://github.com/jax-ml/jax/issues/14279
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax
import jax.numpy as jnp


@jax.jit
def buffer(n):
    return jnp.zeros((8, n))  # BUG


print(buffer(3).shape)
