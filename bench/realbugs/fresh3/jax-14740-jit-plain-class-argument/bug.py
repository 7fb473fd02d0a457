# realbug: jax-14740-jit-plain-class-argument
# source: https://github.com/jax-ml/jax/issues/14740
# kind: jit-non-array
# raises: TypeError: Error interpreting argument to .* as an abstract array
import jax


class A:
    pass


jax.jit(lambda x: x)(A())  # BUG
