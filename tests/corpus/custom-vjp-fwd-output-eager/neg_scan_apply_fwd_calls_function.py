"""The custom_vjp function is applied inside a lax.scan body and its fwd calls the function for
its primal output: the two agree."""
# corpus: label=negative styles=helper,transform batch=s31

import jax
import jax.numpy as jnp


def scan_apply(f, x):
    y, _ = jax.lax.scan(lambda c, _: (f(c), None), x, None, length=2)
    return y


@jax.custom_vjp
def attend(x):
    return jnp.tanh(x)


def attend_fwd(x):
    y = attend(x)
    return y, y


def attend_bwd(y, g):
    return (g * (1 - y**2),)


attend.defvjp(attend_fwd, attend_bwd)
print(jax.grad(lambda x: scan_apply(attend, x))(jnp.float32(0.5)))
