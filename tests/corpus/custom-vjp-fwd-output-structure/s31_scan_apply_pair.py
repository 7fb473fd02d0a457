"""The custom_vjp function is applied inside a lax.scan body (the shape of
lucidrains/flash-attention-jax#7); its fwd returns a pair as its primal output where the function
returns an array. The scan traces the function before fwd runs, so JAX compares the two."""
# corpus: label=positive styles=helper,transform batch=s31

import jax
import jax.numpy as jnp


def scan_apply(f, x):
    y, _ = jax.lax.scan(lambda c, _: (f(c), None), x, None, length=2)
    return y


@jax.custom_vjp
def attend(x):
    return jnp.tanh(x)


def attend_fwd(x):
    y = jnp.tanh(x)
    return (y, x), y


def attend_bwd(y, g):
    return (g * (1 - y**2),)


attend.defvjp(attend_fwd, attend_bwd)
grad = jax.grad(lambda x: scan_apply(attend, x))  # expect: custom-vjp-fwd-output-structure
print(grad(jnp.float32(0.5)))
