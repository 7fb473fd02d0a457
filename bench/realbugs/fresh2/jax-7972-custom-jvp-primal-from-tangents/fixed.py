# realbug: jax-7972-custom-jvp-primal-from-tangents (fixed)
# source: https://github.com/jax-ml/jax/issues/7972
import jax.numpy as jnp
import jax


def identify_fn(x):
    return x


identify_fn = jax.custom_jvp(identify_fn)


@identify_fn.defjvp
def identify_fn_jvp(primals, tangents):
    aug_init_state = jnp.concatenate((*primals, *tangents))
    ys_dot = aug_init_state[3:]
    return primals[0], ys_dot


jac = jax.jacfwd(identify_fn)(jnp.array([5.0, 5.0, 5.0]))
print(jac)
