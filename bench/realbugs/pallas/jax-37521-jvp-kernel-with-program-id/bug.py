# realbug: jax-37521-jvp-kernel-with-program-id
# source: https://github.com/jax-ml/jax/pull/37521
# kind: pallas-forward-mode
# raises: AssertionError
# The pull request's repro (a Triton kernel; interpret=True here runs it on the CPU):
# jax.jvp through a pallas_call whose kernel reads pl.program_id fails in the JVP rule's
# retrace of the kernel (marin-community/marin#3043 hit the same through jax.vjp).
import jax
import jax.experimental.pallas as pl
import jax.numpy as jnp


def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + pl.program_id(0)  # BUG


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


x = jnp.arange(5.0)
y, dy = jax.jvp(jax_fn, (x,), (jnp.ones_like(x),))  # BUG
