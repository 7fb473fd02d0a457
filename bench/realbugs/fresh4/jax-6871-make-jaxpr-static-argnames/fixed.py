# realbug: jax-6871-make-jaxpr-static-argnames (fixed)
# source: https://github.com/jax-ml/jax/issues/6871
import jax

def my_func(x, y):
  return x + y

jit_func = jax.jit(my_func, static_argnames={'y'})
jax.make_jaxpr(jit_func, static_argnums=(1,))(1, 2)
