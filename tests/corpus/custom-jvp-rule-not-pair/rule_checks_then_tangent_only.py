"""The rule checks its arguments, then returns only the tangent; `g` differentiates through `f` itself."""
# corpus: label=positive styles=direct
# realcode: cause N

import jax


@jax.custom_jvp
def f(x):
    return x


@f.defjvp
def _f_jvp(primals, tangents):
    assert len(primals) == len(tangents) == 1
    return tangents[0]  # expect: custom-jvp-rule-not-pair


def g(x):
    return f(x) * x


jax.grad(g)(2.0)
