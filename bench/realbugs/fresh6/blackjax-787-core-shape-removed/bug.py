# realbug: blackjax-787-core-shape-removed
# source: https://github.com/blackjax-devs/blackjax/issues/787
# kind: removed-api
# raises: AttributeError: .*jax.core.* has no attribute 'Shape'
# BlackJAX's annotations read `jax.core.Shape`, which JAX removed; the annotated helper stands in
# for the library's module-level code that imports fail on.
import jax
import jax.numpy as jnp


def zeros_of(shape: jax.core.Shape):  # BUG
    return jnp.zeros(shape)


zeros_of((2, 3))
