# realbug: jax-6853-slice-stop-from-dict
# source: https://github.com/jax-ml/jax/issues/6853
# kind: slice-traced
# raises: IndexError: Array slice indices must have static start/stop/step
import jax.numpy as jnp
import numpy as np
from jax import jit


@jit
def foo(x, d: dict):
    return x[: d["num"]] + d["val"]  # BUG


print(foo(jnp.arange(10), {"num": 5, "val": np.arange(5)}))
