# realbug: jax-10916-cummax-negative-axis
# source: https://github.com/jax-ml/jax/issues/10916
# kind: axis-range
# raises: ValueError: XLA operations do not allow negative axes
# The fuzzing report called `jax.lax.cummax` with `axis=-1` on a 2-D array; `lax` reductions
# take non-negative axes (the report saw "axis -1 is out of bounds"; 0.12 words it as above).
import jax


def fn(arg_0):
  axis = -1
  return jax.lax.cummax(arg_0, axis=axis).sum()  # BUG


mykey = jax.random.PRNGKey(14830444)
array = jax.random.uniform(mykey, [2, 3], jax.numpy.float32, minval=0, maxval=128)
print(fn(array))
