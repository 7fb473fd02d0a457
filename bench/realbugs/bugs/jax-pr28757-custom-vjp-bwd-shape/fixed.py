# realbug: jax-pr28757-custom-vjp-bwd-shape (fixed)
# source: https://github.com/jax-ml/jax/pull/28757
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return x


def f_fwd(x):
    return x, ()


def f_bwd(_, g):
    return (jnp.ones_like(g),)


f.defvjp(f_fwd, f_bwd)

print(jax.grad(f)(3.14))
