# realbug: pfjax-3-mwg-adapt-python-if-under-jit (fixed)
# source: https://github.com/mlysy/pfjax/issues/3
import jax
import jax.numpy as jnp


@jax.jit
def mwg_adapt(rw_sd, accept_rate, targ_acc=0.44, delta=0.1):
  low_acc = jnp.sign(targ_acc - accept_rate)
  return jnp.exp(jnp.log(rw_sd) - delta * low_acc)


print(mwg_adapt(jnp.float32(1.0), jnp.float32(0.2)))
