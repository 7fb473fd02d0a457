"""Stop 38's research repositories: the error findings that are not removed names, run.

    python repos_s38_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, optax, equinox from PyPI), never jaxlsp's.
The repositories are no packages: each case loads the flagged module from SRC by its path or
cuts the flagged code out of its file with ``ast``, and runs the flagged line as the
repository's code would.  Last line: ``verdict: true|false|undecided: what ran``.

Cases:
- ``macrogpt-soft-attn-221`` (SRC: macrogpt-jax f7da7ef): the ``if __name__ == "__main__"``
  block of ``ueaj/model/soft_attn.py``, run alone (``jax.tree.map`` over a dict of one key and
  a dict of two).
- ``jax-agents-dqn-634`` (SRC: jax-agents f064039): ``policy`` cut from
  ``jaxagents/depreceated/dqn.py`` (``jax.jit`` with ``self`` static, as there) and called on a
  trained stand-in agent (a linear Q function) with one state; ``jax-agents-dqn-634-list``
  judges s38-repos's finding there (``list-as-array-argument``, TypeError) by the same run.
- ``llama2-init-18`` (SRC: llama-2-jax 6bb1905): ``lib/proc_init_utils/initialisation.py``
  loaded by path and ``_post_init_general()`` called (what ``initialise_cpu`` runs); the line
  before the flagged one raises first there, so the flagged line is also run alone.
- ``pradel-78`` (SRC: pradel-jax d911295): ``pradel_log_likelihood`` cut from
  ``tests/integration/test_optimization_simple.py`` (with ``inv_logit``; ``jit`` as there)
  and called on three parameters and a 2 x 3 capture matrix.
- ``infodynamics-nuts-144`` (SRC: infodynamics-jax 048d7ce): ``NUTS`` of
  ``infodynamics_jax/inference/sampling/nuts.py`` (loaded by path, its package's relative
  imports stubbed) run for one warm-up step on a quadratic energy.
- ``infodynamics-rejuvenate-389``: ``nuts_rejuvenate`` cut from
  ``infodynamics_jax/inference/particle/rejuvenation.py`` (its ``jax.random.KeyArray``
  annotation, a name JAX removed, left out: importing the module raises first) and run on
  two particles.
- ``mllm-sampler-295`` (SRC: MLLM-JAX 8b19c02): ``Sampler._sample_fn`` cut from
  ``deprecated/MLLM_JAX/language/gemma/sampler.py`` and jitted as ``__init__`` does, on a
  sampling state of the fields ``cond_fn`` reads.
- ``slimpletic-112`` (SRC: slimpletic-jax 9e1dd56): line 112 of
  ``figures/double_damped_pendulum.py`` run on a stand-in trajectory's angle differences.
- ``high-performance-293`` (SRC: high_performance_jax a9f0a3c): ``profile_forward_backward``'s
  ``grad_fn`` and its backward lambda (``profiling.py`` lines 288 and 293) run on a loss.
- ``eqnn-train-28`` (SRC: eqnn-jax 3942639): ``loss_fn_wrapper`` cut from
  ``benchmarks/nbody/train.py`` with its ``@partial(jit, static_argnames=...)``.
- ``eqnn-graph-111``: ``nearest_neighbors_centroids`` cut from
  ``models/utils/graph_utils.py`` (jitted with ``static_argnums=(1,)``) and called with
  hashable centroids, as the static argument must be; the flagged line runs only past line
  107 (``[:, :k]`` with a traced ``k``): the case says where it stops and runs line 111 alone
  with a traced ``k``.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import traceback
import types
from pathlib import Path

import jax
import jax.numpy as jnp


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _raised_at(error: BaseException, file: str) -> int | None:
    """The innermost line of ``file`` in the traceback."""
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == file]
    return lines[-1] if lines else None


def _verdict(
    error: BaseException | None, line: int | None, want: int, what: str, expect: str
) -> str:
    """True when ``what`` raised the finding's error (``expect``) at the flagged line."""
    if error is None:
        return f"verdict: false: {what} ran without an error"
    name = type(error).__name__
    said = f"{what} raised {name} at line {line}: {str(error)[:160]!r}"
    if line != want:
        return f"verdict: false: {what} raised {name} at line {line}, not {want}"
    if name != expect:
        return f"verdict: false: {said}, another error than the finding's {expect}"
    return f"verdict: true: {said}"


def _never_runs(said: str, earlier: object) -> str:
    """A flagged line that every run stops before (an earlier line raises first) is
    undecided, whatever it does run alone (stop 37's rule for grl2-jax's line 197)."""
    if earlier and said.startswith("verdict: true: "):
        return "verdict: undecided: the line never runs; " + said.removeprefix("verdict: true: ")
    return said


def macrogpt_soft_attn(src: Path) -> str:
    path = src / "ueaj" / "model" / "soft_attn.py"
    tree = ast.parse(path.read_text("utf-8"))
    main = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
    )
    module = ast.Module(body=main.body, type_ignores=[])
    code = compile(module, str(path), "exec")  # the block's own line numbers
    error: BaseException | None = None
    try:
        exec(code, {"jax": jax, "jnp": jnp})
    except Exception as raised:
        error = raised
    at = error and _raised_at(error, str(path))
    return _verdict(error, at, 221, "the __main__ block", "ValueError")


def jax_agents_dqn(src: Path, expect: str = "TracerIntegerConversionError") -> str:
    path = src / "jaxagents" / "depreceated" / "dqn.py"
    tree = ast.parse(path.read_text("utf-8"))
    method = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "policy" and node.lineno < 640
    )
    method.decorator_list = []
    module = ast.Module(body=[method], type_ignores=[])
    namespace: dict[str, object] = {"jnp": jnp, "jax": jax, "Float": object, "Array": object}
    exec(compile(module, str(path), "exec"), namespace)
    policy = jax.jit(namespace["policy"], static_argnums=(0,))  # type: ignore[arg-type]

    class Agent:
        agent_trained = True
        agent_params = jnp.ones((4, 2))

        def _q(self, params: jax.Array, state: jax.Array) -> jax.Array:
            return state @ params

    error: BaseException | None = None
    try:
        policy(Agent(), jnp.ones(4))
    except Exception as raised:
        error = raised
    at = error and _raised_at(error, str(path))
    # main's finding (tracer-integer-conversion-error) says TracerIntegerConversionError;
    # s38-repos's (list-as-array-argument) says TypeError
    return _verdict(error, at, 634, "policy(state)", expect)


def llama2_init(src: Path) -> str:
    path = src / "lib" / "proc_init_utils" / "initialisation.py"
    module = _load("initialisation", path)
    first: BaseException | None = None
    try:
        module._post_init_general()
    except Exception as raised:
        first = raised
    before = (
        f"_post_init_general() raises {type(first).__name__} at line "
        f"{_raised_at(first, str(path))} first; "
        if first is not None
        else ""
    )
    # the flagged line run alone, as the function's own code spells it
    line = path.read_text("utf-8").splitlines()[17].strip()
    error: BaseException | None = None
    try:
        exec(compile(("\n" * 17) + line, str(path), "exec"), {"jax": jax})
    except Exception as raised:
        error = raised
    at = error and _raised_at(error, str(path))
    return _never_runs(_verdict(error, at, 18, before + "line 18 alone", "AttributeError"), first)


def _cut(path: Path, names: tuple[str, ...], namespace: dict[str, object]) -> dict[str, object]:
    """The top-level (or method) definitions ``names`` of ``path`` run in ``namespace``,
    at their own line numbers; their annotations left out (never what is judged)."""
    tree = ast.parse(path.read_text("utf-8"))
    found = [
        node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name in names
    ]
    for node in found:
        node.returns = None
        for argument in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
            argument.annotation = None
    exec(compile(ast.Module(body=found, type_ignores=[]), str(path), "exec"), namespace)
    return namespace


def _run(call: object, path: Path) -> tuple[BaseException | None, int | None]:
    try:
        call()  # type: ignore[operator]
    except Exception as raised:
        return raised, _raised_at(raised, str(path))
    return None, None


def pradel(src: Path) -> str:
    path = src / "tests" / "integration" / "test_optimization_simple.py"
    namespace = _cut(path, ("inv_logit", "pradel_log_likelihood"), {"jnp": jnp, "jit": jax.jit})
    function = namespace["pradel_log_likelihood"]
    error, at = _run(lambda: function(jnp.zeros(3), jnp.ones((2, 3))), path)  # type: ignore[operator]
    return _verdict(error, at, 78, "pradel_log_likelihood", "TracerBoolConversionError")


def _infodynamics_package(src: Path) -> None:
    sys.path.insert(0, str(src))


def infodynamics_nuts(src: Path) -> str:
    _infodynamics_package(src)
    path = src / "infodynamics_jax" / "inference" / "sampling" / "nuts.py"
    module = importlib.import_module("infodynamics_jax.inference.sampling.nuts")
    sampler = module.NUTS(module.NUTSCFG(n_warmup=1, n_samples=1))
    error, at = _run(
        lambda: sampler.run(lambda q: jnp.sum(q**2), jnp.zeros(2), key=jax.random.key(0)), path
    )
    return _verdict(error, at, 144, "NUTS.run (one warm-up step)", "TracerBoolConversionError")


def infodynamics_rejuvenate(src: Path) -> str:
    import jax.random as random
    from jax.tree_util import tree_flatten, tree_map, tree_unflatten

    path = src / "infodynamics_jax" / "inference" / "particle" / "rejuvenation.py"
    namespace = _cut(
        path,
        ("kinetic_energy", "_leapfrog_step_nuts", "nuts_rejuvenate"),
        {
            "jax": jax,
            "jnp": jnp,
            "random": random,
            "lax": jax.lax,
            "tree_map": tree_map,
            "tree_flatten": tree_flatten,
            "tree_unflatten": tree_unflatten,
            "tree_leaves": jax.tree_util.tree_leaves,
        },
    )
    function = namespace["nuts_rejuvenate"]
    error, at = _run(
        lambda: function(jax.random.key(0), jnp.zeros((2, 3)), lambda q: jnp.sum(q**2)),  # type: ignore[operator]
        path,
    )
    return _verdict(error, at, 389, "nuts_rejuvenate", "TracerBoolConversionError")


def mllm_sampler(src: Path) -> str:
    from typing import NamedTuple

    path = src / "deprecated" / "MLLM_JAX" / "language" / "gemma" / "sampler.py"
    namespace = _cut(path, ("_sample_fn",), {"jax": jax, "jnp": jnp})

    class State(NamedTuple):
        decoding_step: jax.Array
        total_sampling_steps: int
        done: jax.Array
        cache: dict[str, dict[str, jax.Array]]

    class Sampler:
        _sample_fn = namespace["_sample_fn"]

        def _sample_step(self, params: object, state: State) -> State:
            return state._replace(decoding_step=state.decoding_step + 1)

    sampler = Sampler()
    compiled = jax.jit(sampler._sample_fn)
    state = State(jnp.int32(0), 3, jnp.zeros(2, bool), {"layer_0": {"end_index": jnp.zeros(1)}})
    error, at = _run(lambda: compiled({}, state), path)
    return _verdict(error, at, 295, "jax.jit(self._sample_fn)", "TracerBoolConversionError")


def slimpletic(src: Path) -> str:
    path = src / "figures" / "double_damped_pendulum.py"
    line = path.read_text("utf-8").splitlines()[111].strip()
    code = compile(("\n" * 111) + line, str(path), "exec")
    abs_d_data = jnp.abs(jnp.diff(jnp.linspace(0.0, 1.0, 6) ** 2))
    error, at = _run(lambda: exec(code, {"jnp": jnp, "abs_d_data": abs_d_data}), path)
    return _verdict(error, at, 112, "line 112", "TypeError")


def high_performance(src: Path) -> str:
    path = src / "src" / "high_performance_jax" / "profiling.py"
    lines = path.read_text("utf-8").splitlines()
    grad_line, backward = lines[287].strip(), lines[292].strip().rstrip(",")
    code = compile(
        ("\n" * 287) + grad_line + ("\n" * 5) + f"backward = {backward}[1]\nbackward()",
        str(path),
        "exec",
    )
    namespace = {"jax": jax, "loss_fn": lambda: jnp.ones(3)}
    error, at = _run(lambda: exec(code, namespace), path)
    return _verdict(error, at, 293, "grad_fn and the backward lambda", "TypeError")


def eqnn_train(src: Path) -> str:
    from functools import partial

    path = src / "benchmarks" / "nbody" / "train.py"
    error, at = _run(
        lambda: _cut(path, ("loss_fn_wrapper",), {"partial": partial, "jit": jax.jit, "jnp": jnp}),
        path,
    )
    return _verdict(error, at, 28, "the decorated definition", "ValueError")


def eqnn_graph(src: Path) -> str:
    from functools import partial

    path = src / "models" / "utils" / "graph_utils.py"
    namespace = _cut(
        path,
        ("nearest_neighbors_centroids",),
        {"jax": jax, "np": jnp, "partial": partial, "EPS": 1e-6},
    )
    function = namespace["nearest_neighbors_centroids"]
    error, at = _run(lambda: function(jnp.ones((5, 3)), (0, 2), 2), path)  # type: ignore[operator]
    first = f"the call raises {type(error).__name__} at line {at} first; " if error else ""
    line = path.read_text("utf-8").splitlines()[110].strip()
    code = compile(("\n" * 110) + line, str(path), "exec")

    def alone(k: jax.Array) -> object:
        exec(code, {"np": jnp, "centroids": jnp.arange(2), "k": k})
        return 0

    error, at = _run(lambda: jax.jit(alone)(2), path)
    alone_said = _verdict(
        error, at, 111, first + "line 111 alone, k traced", "ConcretizationTypeError"
    )
    return _never_runs(alone_said, first or None)


CASES = {
    "macrogpt-soft-attn-221": macrogpt_soft_attn,
    "jax-agents-dqn-634": jax_agents_dqn,
    "jax-agents-dqn-634-list": lambda src: jax_agents_dqn(src, "TypeError"),
    "llama2-init-18": llama2_init,
    "pradel-78": pradel,
    "infodynamics-nuts-144": infodynamics_nuts,
    "infodynamics-rejuvenate-389": infodynamics_rejuvenate,
    "mllm-sampler-295": mllm_sampler,
    "slimpletic-112": slimpletic,
    "high-performance-293": high_performance,
    "eqnn-train-28": eqnn_train,
    "eqnn-graph-111": eqnn_graph,
}

if __name__ == "__main__":
    print(CASES[sys.argv[1]](Path(sys.argv[2])))
