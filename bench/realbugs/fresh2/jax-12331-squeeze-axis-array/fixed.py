# realbug: jax-12331-squeeze-axis-array (fixed)
# source: https://github.com/jax-ml/jax/issues/12331
import jax


def f(x):
    return jax.numpy.squeeze(x, 1)


print(jax.jit(f)(jax.numpy.arange(5).reshape(5, 1)))
