# realbug: jax-5100-randint-random-shape
# source: https://github.com/jax-ml/jax/issues/5100
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax


@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    rand_shape = jax.random.poisson(shape_key, 1, (2,))
    sub_indices = jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)  # BUG
    subsamples = data[sub_indices, :]
    return subsamples


rng_key = jax.random.PRNGKey(0)
print(f(jax.numpy.arange(10 * 5).reshape((10, 5)), rng_key))
