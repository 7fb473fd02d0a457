# realbug: jax-7426-checkpoint-bool-flag (fixed)
# source: https://github.com/jax-ml/jax/issues/7426
from functools import partial

import jax


def bool_fn(x, flag):
    if flag:
        return x
    return x + 1.0


print(jax.checkpoint(bool_fn, static_argnums=(1,))(1.0, False))
