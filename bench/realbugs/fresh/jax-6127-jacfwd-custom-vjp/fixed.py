# realbug: jax-6127-jacfwd-custom-vjp (fixed)
# source: https://github.com/jax-ml/jax/pull/6127
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


def f_fwd(x):
    return f(x), jnp.cos(x)


def f_bwd(cos_x, g):
    return (cos_x * g,)


f.defvjp(f_fwd, f_bwd)
print(jax.jacrev(f)(3.0))
print(jax.jacrev(f)(3.0))
