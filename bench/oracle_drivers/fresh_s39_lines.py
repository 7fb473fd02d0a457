"""The error findings of stop 39's fresh sample (bench/fresh-sample.json's s39; its account:
git show f598467:docs/fresh-sample.md) that are not
removed names, run on the pinned JAX in a venv of the package's own (the package installed
from PyPI with jax==0.12.0.1, or ``--no-deps`` with the imports it needs where its
requirements pin another JAX).

    python fresh_s39_lines.py keywords SRC FILE:LINE:COL ...   (jax-call-keyword-unknown)
    python fresh_s39_lines.py CASE SRC                          (the others; cases below)

``keywords``: the call that starts at LINE:COL of FILE (under SRC, the unpacked wheel) has its
callee evaluated in the module's namespace (``fresh_s35_lines.module_namespace``: imported,
else rebuilt from its top-level imports), then called as the line calls it with each argument
replaced by a small float array and each keyword kept (its value when a literal, else an
array): "raises TypeError ... unexpected keyword" is the finding's claim, whatever the
arguments' values, since Python binds the keywords before the function runs.

Cases:

- ``jaxampler-cdf``: ``TruncPowerLaw(...).cdf`` and ``.pdf`` of a scalar, as
  ``tests/truncated_power_law_test.py`` calls them (flagged: ``rvs.py:81`` and ``:85``, the
  vmap of ``_logpdf_v``/``_logcdf_v`` over a 0-d argument), and of a matrix (the path that
  does reach them).
- ``mapox-tileable``: ``generate_perlin_noise_2d`` with ``tileable=(True, True)`` (flagged:
  ``map_generator.py:41`` and ``:43``, item assignment to a jax.Array) and as the package's
  environments call it (the default ``(False, False)``).
- ``riemannax-pi``: ``SpecialOrthogonal(3).log`` of two rotations (flagged: ``so.py:337``,
  ``if max_idx == 0`` in the ``lax.cond`` branch for a half-turn).
- ``sigkerax-solve``: ``FiniteDifferenceSolver._solve`` on two small paths (flagged:
  ``solver.py:156``, the loop body's call of ``_solution_diag_update`` whose static argument
  ``p`` is the ``fori_loop`` index); ``solve`` itself stops earlier, on the removed
  ``jax.lib.xla_bridge`` (``solver.py:172``, judged as a removed name).
- ``lopt-unroll``: learned-optimization's ``outer_trainers/full_es_test.py`` and
  ``truncated_pes_test.py`` (their ``truncated_unroll``/``unroll_next_state`` jitted with
  ``static_argnames`` over ``summary.add_with_summary``'s ``functools.wraps`` wrapper; flagged:
  ``common.py:294-335`` and ``full_es.py:218-265``, the static flags and counts taken as
  traced), with the removed ``jax.tree_*`` names it reads put back first (those reads are
  judged as removed names).

Each prints what ran or the exception and the library's lines in its traceback; the last line
is ``verdict: true|false: ...``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _driver import RAISED, case_and_src, run


def keywords(src: Path, specs: list[str]) -> None:
    """Each flagged call, its callee called with the line's keywords."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jax.numpy as jnp
    from fresh_s35_lines import module_namespace

    for spec in specs:
        path, line, col = spec.rsplit(":", 2)
        file = (src / path).resolve()
        tree = ast.parse(file.read_text(encoding="utf-8"))
        calls = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and any(
                k.arg is not None and (k.lineno, k.col_offset) == (int(line), int(col) - 1)
                for k in node.keywords
            )
        ]
        namespace, how = module_namespace(src, file)
        for node in calls[:1]:
            callee = eval(compile(ast.Expression(node.func), str(file), "eval"), namespace)
            arguments = [jnp.linspace(0.1, 0.9, 4) for _ in node.args]
            given = {
                k.arg: k.value.value if isinstance(k.value, ast.Constant) else jnp.ones(4)
                for k in node.keywords
                if k.arg is not None
            }
            try:
                callee(*arguments, **given)
                print(spec, ast.unparse(node.func), sorted(given), "ran |", how)
                RAISED.append(False)
            except TypeError as error:
                print(spec, ast.unparse(node.func), "raises TypeError:", str(error)[:90], "|", how)
                RAISED.append("unexpected keyword" in str(error))


def jaxampler_cdf(src: Path) -> None:
    sys.path.insert(0, str(src))
    import jax.numpy as jnp
    from jaxampler.rvs import TruncPowerLaw

    law = TruncPowerLaw(alpha=0.5, low=0.1, high=10)
    run("cdf(0.01)", lambda: law.cdf(0.01), "rvs.py", {81, 85})
    run("cdf(11)", lambda: law.cdf(11), "rvs.py", {81, 85})
    run("pdf(0.5)", lambda: law.pdf(0.5), "rvs.py", {81, 85})
    run("cdf(matrix)", lambda: law.cdf(jnp.ones((3, 2))), "rvs.py", {81, 85})


def mapox_tileable(src: Path) -> None:
    sys.path.insert(0, str(src))
    import jax
    from mapox.map_generator import generate_perlin_noise_2d

    key = jax.random.key(0)
    run(
        "default",
        lambda: generate_perlin_noise_2d((16, 16), (2, 2), rng_key=key),
        "map_generator.py",
        {41, 43},
    )
    for tileable in ((True, False), (False, True)):
        run(
            f"tileable={tileable}",
            lambda t=tileable: generate_perlin_noise_2d((16, 16), (2, 2), tileable=t, rng_key=key),
            "map_generator.py",
            {41, 43},
        )


def riemannax_pi(src: Path) -> None:
    sys.path.insert(0, str(src))
    import jax.numpy as jnp

    # the 0.0.3 wheel installs its packages at the top level (``manifolds``, ``solvers``...)
    from manifolds.so import SpecialOrthogonal

    so3 = SpecialOrthogonal(3)
    half_turn = jnp.diag(jnp.array([1.0, -1.0, -1.0]))
    run("log(I, I)", lambda: so3.log(jnp.eye(3), jnp.eye(3)), "so.py", {337})
    run("log(I, half turn)", lambda: so3.log(jnp.eye(3), half_turn), "so.py", {337})


def sigkerax_solve(src: Path) -> None:
    sys.path.insert(0, str(src))
    import jax.numpy as jnp
    from sigkerax.solver import FiniteDifferenceSolver

    paths = jnp.linspace(0.0, 1.0, 2 * 5 * 3).reshape(2, 5, 3)
    solver = FiniteDifferenceSolver()
    run("_solve", lambda: solver._solve(paths, paths), "solver.py", {156})
    run("solve", lambda: solver.solve(paths, paths), "solver.py", {156})


_RESTORE_TREE_NAMES = """
import sys, jax
for old, new in (("tree_map", jax.tree.map), ("tree_leaves", jax.tree.leaves),
                 ("tree_flatten", jax.tree.flatten), ("tree_unflatten", jax.tree.unflatten),
                 ("tree_structure", jax.tree.structure), ("tree_multimap", jax.tree.map)):
    setattr(jax, old, new)
import types
jax.lib.xla_client = types.SimpleNamespace(Device=jax.Device)  # read in annotations only
jax.ShapedArray = jax.core.ShapedArray
"""


def lopt_unroll(src: Path) -> None:
    conftest = src / "conftest.py"
    conftest.write_text(_RESTORE_TREE_NAMES, encoding="utf-8")
    try:
        tests = [
            "learned_optimization/outer_trainers/full_es_test.py",
            "learned_optimization/outer_trainers/truncated_pes_test.py",
        ]
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
            cwd=src,
            capture_output=True,
            text=True,
        )
        tail = done.stdout.strip().splitlines()[-3:]
        print("lopt-unroll", *tail)
        text = done.stdout
        RAISED.append("TracerBoolConversionError" in text or "ConcretizationTypeError" in text)
    finally:
        conftest.unlink()


CASES: dict[str, Callable[[Path], None]] = {
    "jaxampler-cdf": jaxampler_cdf,
    "mapox-tileable": mapox_tileable,
    "riemannax-pi": riemannax_pi,
    "sigkerax-solve": sigkerax_solve,
    "lopt-unroll": lopt_unroll,
}


def main() -> None:
    case, src = case_and_src()
    if case == "keywords":
        keywords(src, sys.argv[3:])
    else:
        CASES[case](src)
    if any(RAISED):
        print("verdict: true: a flagged line raises the finding's error on the pinned JAX")
    else:
        print("verdict: false: the flagged lines run (or raise another error first)")


if __name__ == "__main__":
    main()
