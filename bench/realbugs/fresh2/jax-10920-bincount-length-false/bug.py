# realbug: jax-10920-bincount-length-false
# source: https://github.com/jax-ml/jax/issues/10920
# kind: argument-type
# raises: TypeError: Slice size at index 0 in gather op is out of range
import jax


def fn(weights):
    mykey = jax.random.PRNGKey(95208508)
    x = jax.random.randint(mykey, [10], -1, 3, jax.numpy.int8)
    length = False
    return jax.numpy.bincount(x, weights, minlength=20, length=length).sum()  # BUG


mykey = jax.random.PRNGKey(65116306)
array = jax.random.uniform(mykey, [10], jax.numpy.float32, minval=-16, maxval=4)

weights = array.copy()
print(fn(weights))

weights = array.copy()
print(jax.value_and_grad(fn, (0))(weights))  # BUG
