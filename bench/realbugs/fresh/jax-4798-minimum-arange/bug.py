# realbug: jax-4798-minimum-arange
# source: https://github.com/jax-ml/jax/issues/4798
# kind: traced-size-argument
# raises: ConcretizationTypeError: .*
import jax.numpy as jnp
import jax
from functools import partial


@partial(jax.jit, static_argnums=(0,))
def foo(n, x):
    n_aval = jnp.shape(x)[0]
    n_actual = jnp.minimum(n_aval, n)
    return jnp.arange(n_actual)  # BUG


n = 5
x = jnp.arange(10)
print(foo(n, x))
