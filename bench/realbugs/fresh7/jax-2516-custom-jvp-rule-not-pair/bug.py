# realbug: jax-2516-custom-jvp-rule-not-pair
# source: https://github.com/jax-ml/jax/issues/2516
# kind: custom-rule-output
# raises: TypeError: Custom JVP rule .* must produce a pair
# The report names the mistake only (a custom_jvp rule that does not return a pair); the function
# and its rule are filled in: the rule returns the tangent alone.
import jax
import jax.numpy as jnp


@jax.custom_jvp
def f(x):
    return jnp.sin(x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,) = primals
    (t,) = tangents
    return jnp.cos(x) * t  # BUG


jax.jvp(f, (1.0,), (1.0,))  # BUG
