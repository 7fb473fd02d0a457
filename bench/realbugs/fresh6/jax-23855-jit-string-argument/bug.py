# realbug: jax-23855-jit-string-argument
# source: https://github.com/jax-ml/jax/issues/23855
# kind: jit-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
import jax


@jax.jit
def f(x):
    return x


f('foo')  # BUG
