# realbug: jax-2516-custom-jvp-rule-not-pair (fixed)
# source: https://github.com/jax-ml/jax/issues/2516
import jax
import jax.numpy as jnp


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,) = primals
    (t,) = tangents
    return f(x), jnp.cos(x) * t


jax.jvp(f, (1.0,), (1.0,))
