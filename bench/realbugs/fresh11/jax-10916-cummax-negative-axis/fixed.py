# realbug: jax-10916-cummax-negative-axis (fixed)
# source: https://github.com/jax-ml/jax/issues/10916
import jax


def fn(arg_0):
  axis = arg_0.ndim - 1
  return jax.lax.cummax(arg_0, axis=axis).sum()


mykey = jax.random.PRNGKey(14830444)
array = jax.random.uniform(mykey, [2, 3], jax.numpy.float32, minval=0, maxval=128)
print(fn(array))
