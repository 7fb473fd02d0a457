# realbug: blackjax-787-core-shape-removed (fixed)
# source: https://github.com/blackjax-devs/blackjax/issues/787
import jax
import jax.numpy as jnp


def zeros_of(shape: tuple[int, ...]):
    return jnp.zeros(shape)


zeros_of((2, 3))
