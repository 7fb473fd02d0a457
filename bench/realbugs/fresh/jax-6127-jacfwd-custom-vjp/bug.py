# realbug: jax-6127-jacfwd-custom-vjp
# source: https://github.com/jax-ml/jax/pull/6127
# kind: custom-vjp-forward-mode
# raises: TypeError: can't apply forward-mode autodiff \(jvp\) to a custom_vjp function
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
print(jax.jacfwd(f)(3.0))  # BUG
