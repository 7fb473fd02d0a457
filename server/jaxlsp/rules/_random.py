"""The ``jax.random`` functions that take a key first and consume it (split included;
``fold_in`` and ``key_data`` do not consume, measured with ``jax.debug_key_reuse`` on 0.12.0.1)."""

from __future__ import annotations

import ast

from jaxlsp.analysis.pyast import keyword

SAMPLERS = frozenset(
    f"jax.random.{name}"
    for name in [
        "normal",
        "uniform",
        "split",
        "randint",
        "bernoulli",
        "categorical",
        "permutation",
        "choice",
        "truncated_normal",
        "gumbel",
        "exponential",
        "gamma",
        "loggamma",
        "beta",
        "dirichlet",
        "poisson",
        "multivariate_normal",
        "ball",
        "cauchy",
        "laplace",
        "logistic",
        "orthogonal",
        "rademacher",
        "bits",
        "maxwell",
        "t",
        "pareto",
        "weibull_min",
        "generalized_normal",
        "chisquare",
        "f",
        "geometric",
        "binomial",
        "triangular",
        "lognormal",
        "rayleigh",
        "wald",
        "double_sided_maxwell",
    ]
)


def key_argument(call: ast.Call) -> ast.expr | None:
    """The key a sampler call is given (first positional, or ``key=``)."""
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    item = keyword(call, "key")
    return item.value if item is not None else None
