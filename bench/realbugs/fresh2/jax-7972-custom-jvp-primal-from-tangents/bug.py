# realbug: jax-7972-custom-jvp-primal-from-tangents
# source: https://github.com/jax-ml/jax/issues/7972
# kind: custom-jvp-rule-output
# raises: ValueError: at vmap out_axes\[0\], got axis spec None but output was batched on axis 0
import jax.numpy as jnp
import jax


def identify_fn(x):
    return x


identify_fn = jax.custom_jvp(identify_fn)


@identify_fn.defjvp
def identify_fn_jvp(primals, tangents):
    aug_init_state = jnp.concatenate((*primals, *tangents))
    ys = aug_init_state[:3]  # BUG
    ys_dot = aug_init_state[3:]
    return ys, ys_dot


jac = jax.jacfwd(identify_fn)(jnp.array([5.0, 5.0, 5.0]))  # BUG
print(jac)
