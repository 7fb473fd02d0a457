# realbug: jax-12331-squeeze-axis-array
# source: https://github.com/jax-ml/jax/issues/12331
# kind: traced-axis
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax


def f(x):
    return jax.numpy.squeeze(x, jax.numpy.array(1))  # BUG


print(jax.jit(f)(jax.numpy.arange(5).reshape(5, 1)))
