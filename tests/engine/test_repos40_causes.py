"""Error findings only where the code surely raises: the causes of stop 40's false findings on
research repositories, each with its close variants that must still be found.

- An option of ``jax.config`` (``jax.config.jax_disable_jit``, ``config.jax_enable_x64``,
  ``x64_enabled``) was an API object, whose truth is True, so ``if jax.config.jax_disable_jit:``
  always ran its debug branch: ssm-jax's ``laplace_em.py:117`` checks ``not np.any(np.isnan(J))``
  there, inside ``lax.map`` under ``jit``, which only runs with jit disabled (concrete values).
  An option is now unknown, and a guard reading one reads what the run set (an environment
  variable, ``jax.config.update``, ``with jax.disable_jit()``): a host fact, as
  ``os.environ`` is, so an error in its branches rests on it.
- ``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``, the old form JAX still
  runs, was traced as the current one: ``false_fun`` called on both operands, a function among
  them (jax_vumps's ``lax.cond(svd, A, polarU_SVD, A, polarU_QDWH)`` passed a function to the
  jitted ``polarU_SVD``).  Each function now runs on its own operand, which also finds what
  the old form's branches really do wrong.

``test_repos40_causes_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "debug_check_under_disable_jit",
        """
        import jax
        import jax.numpy as jnp
        from jax import jit, lax


        def inner(x):
            j = -1 * jax.hessian(lambda v: (v**2).sum())(x)
            if jax.config.jax_disable_jit:
                assert not jnp.any(jnp.isnan(j)), "nans"
            return j


        @jit
        def step(xs):
            return lax.map(inner, xs)


        print(step(jnp.ones((2, 3))).shape)
        """,
        set(),
    ),
    (
        "debug_check_outside_the_disable_jit_guard",
        """
        import jax
        import jax.numpy as jnp
        from jax import jit, lax


        def inner(x):
            j = -1 * jax.hessian(lambda v: (v**2).sum())(x)
            if jax.config.jax_disable_jit:
                print("jit is off")
            assert not jnp.any(jnp.isnan(j)), "nans"
            return j


        @jit
        def step(xs):
            return lax.map(inner, xs)


        print(step(jnp.ones((2, 3))).shape)
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "option_imported_from_jax",
        """
        import jax
        import jax.numpy as jnp
        from jax import config


        @jax.jit
        def total(x):
            if config.jax_enable_x64:
                return int(x.sum())
            return x.sum()


        print(total(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "option_read_beside_a_data_guard",
        """
        import jax
        import jax.numpy as jnp
        from jax import config


        @jax.jit
        def total(x):
            if config.x64_enabled:
                x = x * 2
            if x.sum() > 0:
                return x
            return -x


        print(total(jnp.ones(3)))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "old_cond_form_operand_then_function",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def polar_svd(a):
            return a


        def polar_other(a):
            return -a


        @jax.jit
        def polar(a, svd):
            return jax.lax.cond(svd, a, polar_svd, a, polar_other)


        print(polar(jnp.eye(3), True))
        """,
        set(),
    ),
    (
        "old_cond_form_branches_differ",
        """
        import jax
        import jax.numpy as jnp


        def shrink(a):
            return a.sum()


        def grow(a):
            return jnp.ones((a.shape[0], 2))


        def pick(a, flag):
            return jax.lax.cond(flag, a, shrink, a, grow)


        print(pick(jnp.eye(3), True))
        """,
        {"cond-branch-output-mismatch"},
    ),
    (
        "current_cond_form_given_a_function_operand",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def polar_svd(a, b):
            return a


        def polar_other(a):
            return -a


        def polar(a, svd):
            return jax.lax.cond(svd, polar_svd, polar_svd, a, polar_other)


        print(polar(jnp.eye(3), True))
        """,
        {"jit-non-array-argument"},
    ),
]


def _error_codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert _error_codes(source) == expected
