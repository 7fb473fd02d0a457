"""Stop 40's research repositories: the error findings that are not removed names, run.

    python repos_s40_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, optax and each repository's own imports from
PyPI), never jaxlsp's.  The repositories are no packages one can install whole: each case
loads the flagged module from SRC by its path or cuts the flagged code out of its file with
``ast``, and runs the flagged line as the repository's code would.  Last line:
``verdict: true|false|undecided: what ran``.

Cases:
- ``keyword:PATH:LINE:COLUMN`` (``jax-call-keyword-unknown``): stop 39's driver
  (``repos_s39_lines.keyword``): the call with the same keywords on small arrays.
- ``listarg:PATH:LINE:COLUMN`` (``list-as-array-argument``): the call at that place, its
  callee read from the names the file's imports bind to JAX modules, given a list of two small
  arrays where the code passes a list display or comprehension (an array elsewhere; literal
  keywords kept): TypeError "requires ndarray or scalar arguments" is true.
- ``libname:PATH:LINE`` (``jax-module-attribute-missing`` of a library's module: flax,
  optax): each attribute chain the line reads from a name the file's imports bind to a module
  of that library (``import flax.linen as nn``), read attribute by attribute on the installed
  library (the same versions jaxlsp read): AttributeError is true.
- ``rtrl-lru-367`` (SRC: jax_rtrl 7d95ca6): ``jax_rtrl/models/cells/lru.py``'s ``__main__``
  block up to the ``vmap`` of line 367: ``initialize_carry`` of the default (bptt) layer
  returns one array, unpacked into ``h_init, grad_momory_init`` (two rows of 5), mapped with
  ``test_x[i]`` (2 rows).  The block stops earlier (``model.init``, line 357); the case runs
  the loop's first ``vmap`` with the carry the block builds.
- ``vumps-cond-293``, ``vumps-cond-468`` (SRC: jax_vumps 600b4e1): the polar decomposition's
  functions cut from ``jax_backend/mps_linalg.py`` (``lax.cond``'s old five-argument form) and
  ``polarjit(A, True)`` / ``polar_qdwh(A, 2)`` called.
- ``rmhd-random-cell1`` (SRC: jax_rmhd 81436f7): ``examples/random.ipynb``'s first code cell
  (its matplotlib import left out), whose ``rnd.normal(subkey, shape=(1e8,))`` gets a float
  size.
- ``playjax-trainer-118`` (SRC: play_jax c3dc285): ``tinylm/trainer.py``'s ``train_step``
  (itself a ``partial(jax.jit, ...)``) cut out and its ``jax.jit(train_step, ...,
  static_argnums=(2, 3))`` statement run (the shardings None; the module's mesh set-up is not
  needed for the check jit makes).
- ``exercises-grad-45`` (SRC: jax_exercises_list 85a95b4): the ``6_11.py`` whose line 45 is
  ``grad_body_fun = jax.grad(body_fun)`` of a function returning a pair: the file's code up to
  line 47 run, then ``grad_body_fun(x, y)`` called (the file never calls it).
- ``ssm-laplace-117`` (SRC: ssm-jax 3ee7580): ``ssm/inference/laplace_em.py``'s
  ``if jax.config.jax_disable_jit:`` debug check, as ``_compute_laplace_precision_blocks`` has
  it, under ``lax.map`` in ``jit`` (as ``laplace_em``'s ``step`` runs it), with jit on and off.
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import jax
import jax.numpy as jnp

sys.path.insert(0, str(Path(__file__).parent))

from _driver import dispatch, jax_bindings
from repos_s39_lines import _cut, _run, _verdict, keyword


def _starts(nodes: list[ast.expr]) -> set[tuple[int, int]]:
    """Where each node starts, as jaxlsp numbers columns (from 1)."""
    return {(node.lineno, node.col_offset + 1) for node in nodes}


def listarg(item: str, src: Path) -> str:
    relative, line_text, column_text = item.rsplit(":", 2)
    path = src / relative
    line, column = int(line_text), int(column_text)
    tree = ast.parse(path.read_text("utf-8"))
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and (line, column) in {(n.lineno, n.col_offset + 1), *_starts(n.args)}
    ]
    if not calls:
        return f"verdict: undecided: no call at {relative}:{line}:{column}"
    call = calls[0]
    callee = eval(compile(ast.Expression(call.func), str(path), "eval"), jax_bindings(tree))
    arguments = [
        [jnp.ones(3), jnp.ones(3)] if isinstance(a, ast.List | ast.ListComp) else jnp.ones(3)
        for a in call.args
    ]
    keywords = {}
    for k in call.keywords:
        assert k.arg is not None
        try:
            keywords[k.arg] = ast.literal_eval(k.value)
        except ValueError:
            keywords[k.arg] = 1.0
    shown = f"{ast.unparse(call.func)}(<list of 2 arrays>, {keywords})"
    try:
        callee(*arguments, **keywords)
    except TypeError as error:
        if "requires ndarray or scalar" in str(error):
            return f"verdict: true: {shown} raised TypeError: {error}"
        return f"verdict: undecided: {shown} raised another TypeError: {error}"
    return f"verdict: false: {shown} ran"


def libname(item: str, src: Path) -> str:
    relative, line_text = item.rsplit(":", 1)
    line = int(line_text)
    tree = ast.parse((src / relative).read_text("utf-8"))
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                bound[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    read: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.lineno == line):
            continue
        chain: list[str] = []
        root: ast.expr = node
        while isinstance(root, ast.Attribute):
            chain.append(root.attr)
            root = root.value
        if not isinstance(root, ast.Name) or root.id not in bound:
            continue
        try:
            value: object = importlib.import_module(bound[root.id])
        except ImportError:
            continue
        shown = root.id
        for attribute in reversed(chain):
            shown += f".{attribute}"
            try:
                value = getattr(value, attribute)
            except AttributeError as error:
                return f"verdict: true: {shown} ({bound[root.id]}) raised AttributeError: {error}"
        read.append(shown)
    return f"verdict: false: line {line} reads {read or 'no name of an imported module'}"


def rtrl_lru(src: Path) -> str:
    sys.path.insert(0, str(src))
    from jax_rtrl.models.cells.lru import OnlineLRULayer  # the repository's own module

    path = src / "jax_rtrl" / "models" / "cells" / "lru.py"
    model = OnlineLRULayer(d_hidden=5, d_output=1)
    h_init, grad_init = model.initialize_carry(None, (2, 2))
    test_x = jax.random.normal(jax.random.PRNGKey(0), (2, 2, 2))

    def loop() -> object:
        rt_carry = (h_init, grad_init)
        return jax.vmap(partial(model.apply, {}))(rt_carry, test_x[0, :, :])

    what = "the __main__ block's first vmap(partial(model.apply, params))(rt_carry, test_x[0])"
    error, _ = _run(loop, path)
    if error is None:
        return f"verdict: false: {what} ran"
    said = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
    if isinstance(error, ValueError) and "inconsistent sizes" in str(error):
        return f"verdict: true: {what} raised {said}"
    return f"verdict: false: {what} raised {said}"


def vumps_cond(line: int, src: Path) -> str:
    path = src / "jax_backend" / "mps_linalg.py"
    names = (
        "polarjit",
        "polarU_SVD",
        "polarU_QDWH",
        "polar_qdwh_transpose",
        "polar_qdwh",
        "hl",
        "weighted_iterationChol",
        "weighted_iterationQR",
    )
    namespace = _cut(path, names, {"jax": jax, "jnp": jnp, "partial": partial})
    a = jnp.eye(3) + 0.1 * jnp.arange(9.0).reshape(3, 3)
    if line == 293:
        what = "polarjit(A, True) and polarjit(A, False)"

        def call() -> object:
            return namespace["polarjit"](a, True), namespace["polarjit"](a, False)  # type: ignore[operator]

    else:
        what = "polar_qdwh(A, 2)"

        def call() -> object:
            return namespace["polar_qdwh"](a, 2)  # type: ignore[operator]

    error, at = _run(call, path)
    return _verdict(error, at, line, what, "TypeError")


def rmhd_random(src: Path) -> str:
    path = src / "examples" / "random.ipynb"
    notebook = json.loads(path.read_text("utf-8"))
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    kept = "\n".join(line for line in source.split("\n") if "matplotlib" not in line)
    what = "random.ipynb's first code cell (without its matplotlib import)"
    try:
        exec(compile(kept, "cell1", "exec"), {})
    except TypeError as error:
        return f"verdict: true: {what} raised TypeError: {str(error).splitlines()[0][:200]}"
    except Exception as error:
        return f"verdict: false: {what} raised {type(error).__name__}: {error}"
    return f"verdict: false: {what} ran"


def playjax_trainer(src: Path) -> str:
    path = src / "tinylm" / "trainer.py"
    tree = ast.parse(path.read_text("utf-8"))
    statement = next(
        n
        for n in tree.body
        if isinstance(n, ast.Assign)
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == "jit_train_step"
    )
    shardings = {"state_sharding": None, "data_sharding": None}  # (its decorator reads them)
    namespace = _cut(
        path, ("train_step",), {"jax": jax, "jnp": jnp, "partial": partial, **shardings}
    )
    code = compile(ast.Module([statement], []), str(path), "exec")
    error, at = _run(lambda: exec(code, namespace), path)
    return _verdict(error, at, 118, "the jax.jit(train_step, ...) statement", "ValueError")


def exercises_grad(src: Path) -> str:
    found = [
        p
        for p in src.rglob("6_11.py")
        if "grad_body_fun = jax.grad(body_fun)" in p.read_text("utf-8")
    ]
    for path in found:
        lines = path.read_text("utf-8").split("\n")
        if "return x*y,x**2+y**2" not in lines[43]:
            continue
        namespace: dict[str, object] = {}
        exec(compile("\n".join(lines[:47]), str(path), "exec"), namespace)
        what = "the file up to line 47, then grad_body_fun(x, y) (the file never calls it)"
        call = namespace["grad_body_fun"]
        try:
            call(namespace["x"], namespace["y"])  # type: ignore[operator]
        except TypeError as error:
            said = str(error).splitlines()[0][:160]
            return f"verdict: true: {what} raised TypeError: {said}"
        return f"verdict: false: {what} ran"
    return "verdict: undecided: no 6_11.py with the flagged lines"


def ssm_laplace(src: Path) -> str:
    path = src / "ssm" / "inference" / "laplace_em.py"
    text = path.read_text("utf-8")
    if "if jax.config.jax_disable_jit:" not in text:
        return "verdict: undecided: the guard is not in the file"
    from jax import jit, lax

    def blocks(x: jax.Array) -> jax.Array:
        j_init = -1 * jax.hessian(lambda v: (v**2).sum())(x)
        if jax.config.jax_disable_jit:  # the file's guard, and its check, as written there
            assert not jnp.any(jnp.isnan(j_init)), "nans in J_init"
        return j_init

    @jit
    def step(xs: jax.Array) -> jax.Array:
        return lax.map(blocks, xs)

    what = "the guarded check under lax.map in jit, with jit on and then off"
    try:
        step(jnp.ones((2, 3)))
        with jax.disable_jit():
            step(jnp.ones((2, 3)))
    except Exception as error:
        return f"verdict: true: {what} raised {type(error).__name__}: {error}"
    return f"verdict: false: {what} ran (the check runs only with jit off, on concrete arrays)"


CASES: dict[str, Callable[[Path], str]] = {
    "rtrl-lru-367": rtrl_lru,
    "vumps-cond-293": partial(vumps_cond, 293),
    "vumps-cond-468": partial(vumps_cond, 468),
    "rmhd-random-cell1": rmhd_random,
    "playjax-trainer-118": playjax_trainer,
    "exercises-grad-45": exercises_grad,
    "ssm-laplace-117": ssm_laplace,
}

if __name__ == "__main__":
    print(dispatch(CASES, {"keyword": keyword, "libname": libname, "listarg": listarg}))
