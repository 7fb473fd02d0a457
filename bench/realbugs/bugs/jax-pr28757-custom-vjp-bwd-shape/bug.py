# realbug: jax-pr28757-custom-vjp-bwd-shape
# source: https://github.com/jax-ml/jax/pull/28757
# kind: custom-rule-output
# raises: ValueError: Custom VJP bwd rule .*must produce an output with the same
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return x


def f_fwd(x):
    return x, ()


def f_bwd(_, g):
    return (jnp.ones((10,), g.dtype),)  # BUG


f.defvjp(f_fwd, f_bwd)

print(jax.grad(f)(3.14))  # BUG
