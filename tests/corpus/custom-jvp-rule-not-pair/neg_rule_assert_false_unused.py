"""The jvp rule is `assert False`; `g` only calls `f` on a `stop_gradient` value, so JAX never runs it."""
# corpus: label=negative styles=direct
# realcode: cause N

import jax


@jax.custom_jvp
def f(x):
    return x


@f.defjvp
def _never_used(primals, tangents):
    del primals, tangents
    assert False


def g(x):
    return f(jax.lax.stop_gradient(x)) * x


jax.grad(g)(2.0)
