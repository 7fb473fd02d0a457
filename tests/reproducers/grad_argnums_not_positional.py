"""Raises TypeError: the gradient function is called with the differentiated argument by
keyword, so no positional argument is there for ``argnums=0``."""

import jax


def f(x, y):
    return x * y


jax.grad(f, argnums=0)(x=1.0, y=2.0)
