# realbug: jax-5100-randint-random-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/5100
import jax


@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    sub_indices = jax.random.randint(sub_key, (4, 3), 0, n)
    subsamples = data[sub_indices, :]
    return subsamples


rng_key = jax.random.PRNGKey(0)
print(f(jax.numpy.arange(10 * 5).reshape((10, 5)), rng_key))
