# realbug: jax-6853-slice-stop-from-dict (fixed)
# source: https://github.com/jax-ml/jax/issues/6853
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import jit


@partial(jit, static_argnames="num")
def foo(x, val, num):
    return x[:num] + val


d = {"num": 5, "val": np.arange(5)}
print(foo(jnp.arange(10), d["val"], num=d["num"]))
