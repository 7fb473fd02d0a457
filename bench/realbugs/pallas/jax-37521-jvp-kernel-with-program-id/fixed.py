# realbug: jax-37521-jvp-kernel-with-program-id (fixed)
# source: https://github.com/jax-ml/jax/pull/37521
# The fix on 0.12: the kernel's tangent is the input's tangent, given by a custom_jvp.
import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + pl.program_id(0)


@jax.custom_jvp
def jax_fn(x):
    spec = pl.BlockSpec((None,) * x.ndim, lambda *a: a)
    return pl.pallas_call(
        kernel,
        out_shape=x,
        grid=x.shape,
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


@jax_fn.defjvp
def jax_fn_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return jax_fn(x), dx


x = jnp.arange(5.0)
y, dy = jax.jvp(jax_fn, (x,), (jnp.ones_like(x),))
