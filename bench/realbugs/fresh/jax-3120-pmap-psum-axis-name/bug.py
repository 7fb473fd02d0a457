# realbug: jax-3120-pmap-psum-axis-name
# source: https://github.com/jax-ml/jax/issues/3120
# kind: collective-axis-name
# raises: NameError: Found an unbound axis name: batch
import jax
import numpy as np

a = np.arange(4)[np.newaxis, :]


def test(x):
    return jax.lax.psum(x, axis_name="batch")  # BUG


print(jax.pmap(test)(a))  # BUG
