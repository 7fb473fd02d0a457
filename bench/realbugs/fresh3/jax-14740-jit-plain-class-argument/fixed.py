# realbug: jax-14740-jit-plain-class-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/14740
import jax


class A:
    pass


jax.jit(lambda x: 1.0, static_argnums=0)(A())
