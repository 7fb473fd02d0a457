# realbug: pfjax-3-mwg-adapt-python-if-under-jit
# source: https://github.com/mlysy/pfjax/issues/3
# kind: tracer-bool
# raises: TracerBoolConversionError
# `mwg_adapt` chose how to adapt the random-walk jump size with a Python comparison of
# the traced acceptance rate; the issue suggests a sign instead of a boolean. The
# adaptation step is rebuilt from the description.
import jax
import jax.numpy as jnp


@jax.jit
def mwg_adapt(rw_sd, accept_rate, targ_acc=0.44, delta=0.1):
  if targ_acc > accept_rate:  # BUG
    return jnp.exp(jnp.log(rw_sd) - delta)
  return jnp.exp(jnp.log(rw_sd) + delta)


print(mwg_adapt(jnp.float32(1.0), jnp.float32(0.2)))
