# realbug: jax-6871-make-jaxpr-static-argnames
# source: https://github.com/jax-ml/jax/issues/6871
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments are not supported
import jax

def my_func(x, y):
  return x + y

jit_func = jax.jit(my_func, static_argnames={'y'})
jax.make_jaxpr(jit_func)(1, 2)  # BUG
