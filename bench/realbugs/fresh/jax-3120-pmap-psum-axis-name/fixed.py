# realbug: jax-3120-pmap-psum-axis-name (fixed)
# source: https://github.com/jax-ml/jax/issues/3120
import jax
import numpy as np

a = np.arange(4)[np.newaxis, :]


def test(x):
    return jax.lax.psum(x, axis_name="batch")


print(jax.pmap(test, axis_name="batch")(a))
