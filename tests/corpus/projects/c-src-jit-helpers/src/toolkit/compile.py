"""Compilation helpers used across the project."""

import jax


def jit_static(fn, *names, donate=()):
    return jax.jit(  # expect: jit-static-argnames-unknown
        fn, static_argnames=names, donate_argnums=donate
    )
