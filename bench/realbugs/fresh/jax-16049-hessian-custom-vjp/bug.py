# realbug: jax-16049-hessian-custom-vjp
# source: https://github.com/jax-ml/jax/issues/16049
# kind: custom-vjp-forward-mode
# raises: TypeError: can't apply forward-mode autodiff \(jvp\) to a custom_vjp function
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x, y):
    return jnp.sin(x) * y


def f_fwd(x, y):
    return f(x, y), (jnp.cos(x), jnp.sin(x), y)  # BUG: JAX raises here (its innermost frame in this file)


def f_bwd(res, g):
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)


f.defvjp(f_fwd, f_bwd)
print(jax.hessian(f)(1.0, 2.0))  # BUG
