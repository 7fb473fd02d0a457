"""Raises ValueError: jax.checkpoint's static_argnums counts positional arguments only, and the
static argument is passed by keyword."""

from functools import partial

import jax


@partial(jax.checkpoint, static_argnums=1)
def f(x, flag=False):
    return x + 1 if flag else x


f(5.0, flag=False)
