# realbug: equinox-502-filter-grad-first-argument-by-keyword
# source: https://github.com/patrick-kidger/equinox/issues/502
# kind: call-arguments
# raises: TypeError: Functions wrapped with `equinox.filter_{grad, value_and_grad}` must have their first argument passed by position
import equinox
import jax
import jax.numpy as jnp


class MyModule(equinox.Module):
    values: jax.Array

    def __init__(self, values: jax.Array):
        self.values = values

    @equinox.filter_jit
    def __call__(self, index) -> jax.Array:
        return self.values[index]


@equinox.filter_grad
def my_grad(my_module, index) -> jax.Array:
    values = my_module(index)
    return jnp.sum(values)


my_module = MyModule(values=jnp.zeros((100, 2), dtype=float))
index = jnp.array([1], dtype=int)
updates = my_grad(my_module=my_module, index=index)  # BUG
