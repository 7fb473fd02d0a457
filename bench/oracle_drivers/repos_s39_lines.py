"""Stop 39's research repositories: the error findings that are not removed names, run.

    python repos_s39_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, optax, equinox, phevaluator from PyPI), never
jaxlsp's.  The repositories are no packages: each case loads the flagged module from SRC by
its path or cuts the flagged code out of its file with ``ast``, and runs the flagged line as
the repository's code would.  Last line: ``verdict: true|false|undecided: what ran``.

Cases:
- ``keyword:PATH:LINE:COLUMN`` (``jax-call-keyword-unknown``): the call at that place, its
  callee read from the names the file's imports bind to JAX modules, called with the same
  keywords (literal values kept, others 1.0) on a small array for each positional argument:
  TypeError "unexpected keyword argument" is true.  The refusal does not depend on the values.
- ``wobble-chisquare-63`` (SRC: wobble_jax 8e3ddd1): ``LossFunc`` and ``ChiSquare`` cut from
  ``jabble/loss.py`` (``jax.jit`` with ``static_argnums=(0,4,5)``, as there) and called as
  cell 8 of ``notebooks/07.1-plot-apogee-cframe.ipynb`` calls it: seven arguments, the fifth
  and sixth arrays, the last a jabble model (a plain object: ``jabble.model.Model`` is no
  pytree).
- ``xlstm-generate-122`` (SRC: xlstm_jax 3999c9c): ``xlstm_jax/inference.py`` loaded by path;
  a two-layer ``nnx.Module`` that also inherits ``GenerationMixin`` (as ``xLSTMLMModel`` does)
  calls ``generate``, which hands ``self`` to the ``nnx.jit``-ed ``generate_sequence_scan``.
- ``aequus-eval-72`` (SRC: aequus_jax 778d8b8): ``poker_bot/evaluator.py`` loaded by path and
  ``HandEvaluator().evaluate_batch`` run on two hands of seven cards.
- ``aequus-engine-127``, ``-149``, ``-205``: ``poker_bot/core/nlhe_6max_engine.py`` loaded by
  path; ``get_next_active_player(status, 0)``, ``initialize_game(key)`` and
  ``play_one_game(key)`` (which reaches ``deal_street`` through ``play_street``) called.
- ``wobble-argnums:NOTEBOOK:CELL`` (SRC: wobble_jax 8e3ddd1): the decorated ``def`` of that
  code cell (``@partial(jit, static_argnums=[3,4,5])`` on a function of five parameters) run
  alone: ValueError when the decorator runs is true.
- ``nanovllm-*`` (SRC: nano-vllm-jax a43ef9f, stop 38's): ``nanovllm_jax`` imported from
  SRC; ``model_jit`` imported (its decorators run), a decorated def of it run alone,
  ``make_attention_projections_jit()`` called with its counts, ``causal_conv1d_scan``,
  ``paged_decode_attention_gqa_nhd_reference`` on a GQA decode (4 query heads, 2 kv heads)
  and ``_lm_head_logits_from_normed`` on a prefill's hidden states called.
- ``foldjax-confidence-493`` (SRC: FoldJAX 12b8d57, stop 37's): the confidence head's
  ``_compute_ptms`` of ``boltz2/models/heads/confidence.py`` run under ``jax.lax.map`` as
  ``boltz2_predict`` runs it when a caller asks for ``confidence_sequentially`` with two
  samples and leaves ``return_pair_chains_iptm`` at its default (True).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import traceback
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _driver import dispatch, jax_bindings


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


def _run(call: Callable[[], object], path: Path) -> tuple[BaseException | None, int | None]:
    try:
        call()
    except Exception as error:  # the finding's class is compared by the caller
        return error, _raised_at(error, str(path))
    return None, None


def _verdict(
    error: BaseException | None, line: int | None, want: int, what: str, expect: str
) -> str:
    """True when ``what`` raised the finding's error (``expect``) at the flagged line."""
    if error is None:
        return f"verdict: false: {what} ran without an error"
    names = {cls.__name__ for cls in type(error).__mro__}
    said = f"{type(error).__name__} at line {line}: {str(error).splitlines()[0][:160]}"
    if expect in names and line == want:
        return f"verdict: true: {what} raised {said}"
    return f"verdict: false: {what} raised {said}, not {expect} at line {want}"


def _cut(path: Path, names: tuple[str, ...], namespace: dict[str, object]) -> dict[str, object]:
    """The top-level definitions ``names`` of ``path`` run in ``namespace``, at their lines."""
    tree = ast.parse(path.read_text("utf-8"))
    body = [n for n in tree.body if getattr(n, "name", None) in names]
    exec(compile(ast.Module(body, []), str(path), "exec"), namespace)
    return namespace


def keyword(item: str, src: Path) -> str:
    relative, line_text, column_text = item.rsplit(":", 2)
    path = src / relative
    line, column = int(line_text), int(column_text)
    tree = ast.parse(path.read_text("utf-8"))

    def at(node: ast.AST) -> bool:
        return (getattr(node, "lineno", 0), getattr(node, "col_offset", -2) + 1) == (line, column)

    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and n.keywords and (at(n) or any(at(k) for k in n.keywords))
    ]
    if not calls:
        return f"verdict: undecided: no call with keywords at {relative}:{line}:{column}"
    call = calls[0]
    callee = eval(compile(ast.Expression(call.func), str(path), "eval"), jax_bindings(tree))
    arguments = [jnp.ones(3) for _ in call.args]
    keywords = {}
    for k in call.keywords:
        assert k.arg is not None
        try:
            keywords[k.arg] = ast.literal_eval(k.value)
        except ValueError:
            keywords[k.arg] = 1.0
    shown = (
        ast.unparse(call.func)
        + f"(<{len(arguments)} arrays>, "
        + ", ".join(f"{k}={v!r}" for k, v in keywords.items())
        + ")"
    )
    try:
        callee(*arguments, **keywords)
    except TypeError as error:
        if "unexpected keyword" in str(error):
            return f"verdict: true: {shown} raised TypeError: {error}"
        return f"verdict: undecided: {shown} raised another TypeError: {error}"
    return f"verdict: false: {shown} ran"


def wobble_chisquare(src: Path) -> str:
    path = src / "jabble" / "loss.py"
    namespace = _cut(path, ("LossFunc", "ChiSquare"), {"jax": jax, "jnp": jnp, "partial": partial})
    loss = namespace["ChiSquare"]()  # type: ignore[operator]

    class Model:  # jabble.model.Model: a plain class, no pytree
        def __call__(self, p: object, xs: jax.Array, *args: object) -> jax.Array:
            return xs

    xs = jnp.linspace(0.0, 1.0, 8)
    mask = jnp.zeros(8, dtype=bool)
    cell = "the notebook's call loss([], xs, ys, yivar, mask, plt_epoch, model)"
    error, at = _run(lambda: loss([], xs, xs, jnp.ones(8), mask, np.int64(2), Model()), path)
    if error is not None and at is None:
        # the error leaves from JAX's own frames: it is raised at the notebook's call
        names = {cls.__name__ for cls in type(error).__mro__}
        said = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
        if "ValueError" in names:
            return f"verdict: true: {cell} raised {said}"
        return f"verdict: false: {cell} raised {said}, not ValueError"
    return _verdict(error, at, 63, cell, "ValueError")


def xlstm_generate(src: Path) -> str:
    from flax import nnx

    sys.path.insert(0, str(src))
    path = src / "xlstm_jax" / "inference.py"
    module = _load("xlstm_inference", path)

    class Tiny(nnx.Module, module.GenerationMixin):  # type: ignore[misc,name-defined]
        def __init__(self, vocab: int, rngs: nnx.Rngs) -> None:
            self.vocab_size = vocab
            self.embed = nnx.Embed(vocab, 4, rngs=rngs)
            self.head = nnx.Linear(4, vocab, rngs=rngs)

        def __call__(self, x: jax.Array) -> jax.Array:
            return self.head(self.embed(x))

    model = Tiny(7, nnx.Rngs(0))
    x = jnp.zeros((2, 5), dtype=jnp.int32)
    what = "Tiny(nnx.Module, GenerationMixin).generate((x, 1, key), 3)"
    error, at = _run(lambda: model.generate((x, 1, jax.random.key(0)), 3), path)
    return _verdict(error, at, 122, what, "TypeError")


def aequus_eval(src: Path) -> str:
    path = src / "poker_bot" / "evaluator.py"
    module = _load("aequus_evaluator", path)
    hands = jnp.array([[0, 5, 10, 15, 20, 25, 30], [1, 6, 11, 16, 21, 26, 31]])
    what = "HandEvaluator().evaluate_batch(two hands)"
    error, at = _run(lambda: module.HandEvaluator().evaluate_batch(hands), path)
    return _verdict(error, at, 72, what, "ConcretizationTypeError")


def aequus_engine(line: int, src: Path) -> str:
    path = src / "poker_bot" / "core" / "nlhe_6max_engine.py"
    module = _load("aequus_engine", path)
    key = jax.random.PRNGKey(0)
    calls: dict[int, tuple[str, Callable[[], object], str]] = {
        127: (
            "get_next_active_player(zeros(6), 0)",
            lambda: module.get_next_active_player(jnp.zeros(6), 0),
            "TracerBoolConversionError",
        ),
        149: ("initialize_game(key)", lambda: module.initialize_game(key), "TypeError"),
        205: ("play_one_game(key)", lambda: module.play_one_game(key), "TypeError"),
    }
    what, call, expect = calls[line]
    error, at = _run(call, path)
    said = _verdict(error, at, line, what, expect)
    if line != 205 or error is None or at == line:
        return said
    # the finding's line is never reached: run it alone with a traced count
    first = f"{what} raises {type(error).__name__} at line {at} first ({error})"
    source = path.read_text("utf-8").splitlines()[line - 1].strip()
    code = compile("\n" * (line - 1) + source, str(path), "exec")

    def alone(num_cards: jax.Array) -> int:
        exec(code, {"lax": jax.lax, "state": None, "start": 0, "num_cards": num_cards})
        return 0

    class _Deck:
        deck = jnp.arange(52)

    def alone_with_deck(num_cards: jax.Array) -> int:
        exec(code, {"lax": jax.lax, "state": _Deck(), "start": 0, "num_cards": num_cards})
        return 0

    error, at = _run(lambda: jax.jit(alone_with_deck)(3), path)
    alone_said = _verdict(error, at, line, f"line {line} alone, num_cards traced", expect)
    kind = alone_said.split(":")[1].strip()
    return f"verdict: undecided: {first}; {kind} alone: {alone_said}"


def foldjax_confidence(src: Path) -> str:
    """``boltz2_predict`` with ``confidence_sequentially`` and two samples maps the confidence
    head over the samples (``lax.map``, ``predict.py`` line 247); ``return_pair_chains_iptm``
    is popped from its options with the default True.  The head's last step, ``_compute_ptms``,
    run as that map runs it (one sample at a time, multiplicity 1), on a two-chain complex."""
    sys.path.insert(0, str(src / "src"))
    from foldjax.models.boltz2.models.heads import confidence  # type: ignore[import-not-found]

    path = Path(confidence.__file__)
    tokens = 4
    eye = jnp.eye(tokens)[None]
    feats = {
        "asym_id": jnp.array([[0, 0, 1, 1]]),
        "frames_idx": jnp.array([[[0, 1, 2], [1, 2, 3], [0, 1, 2], [1, 2, 3]]]),
        "atom_to_token": eye,
        "mol_type": jnp.zeros((1, tokens), dtype=jnp.int32),
        "token_pad_mask": jnp.ones((1, tokens)),
        "atom_pad_mask": jnp.ones((1, tokens)),
        "token_to_rep_atom": eye,
    }
    logits = jnp.zeros((1, tokens, tokens, 64))
    samples = jax.random.normal(jax.random.key(0), (2, tokens, 3))

    def one_sample(coords: jax.Array) -> object:
        ptm, *_ = confidence._compute_ptms(logits, coords[None], feats, 1)
        return ptm

    what = "lax.map of _compute_ptms over two samples, return_pair_chains_iptm at its default"
    error, at = _run(lambda: jax.lax.map(one_sample, samples), path)
    return _verdict(error, at, 493, what, "ConcretizationTypeError")


def wobble_argnums(item: str, src: Path) -> str:
    """The ``@partial(jit, static_argnums=...)`` definition of a notebook's code cell (CELL
    counted from 1 over the code cells, as jaxlsp numbers them), run alone."""
    relative, cell_text = item.rsplit(":", 1)
    path = src / relative
    cells = [c for c in json.loads(path.read_text("utf-8"))["cells"] if c["cell_type"] == "code"]
    source = "".join(cells[int(cell_text) - 1]["source"])
    tree = ast.parse(source)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.decorator_list]
    namespace: dict[str, object] = {"partial": partial, "jit": jax.jit, "jax": jax, "jnp": jnp}
    what = f"the decorated def {defs[0].name} of code cell {cell_text}"
    try:
        exec(compile(ast.Module(defs[:1], []), str(path), "exec"), namespace)
    except ValueError as error:
        return f"verdict: true: {what} raised ValueError: {error}"
    return f"verdict: false: {what} ran"


def _nanovllm(src: Path, name: str) -> types.ModuleType:
    sys.path.insert(0, str(src))
    return importlib.import_module(f"nanovllm_jax.{name}")


def nanovllm_jit_435(src: Path) -> str:
    path = src / "nanovllm_jax" / "model_jit.py"
    error, at = _run(lambda: _nanovllm(src, "model_jit"), path)
    return _verdict(error, at, 435, "importing nanovllm_jax.model_jit", "ValueError")


def nanovllm_argnums(line: int, src: Path) -> str:
    """A decorated def of ``model_jit.py`` whose decorator is at ``line``, run alone (the
    module stops at line 435 first when imported)."""
    path = src / "nanovllm_jax" / "model_jit.py"
    tree = ast.parse(path.read_text("utf-8"))
    node = next(
        n
        for n in tree.body
        if isinstance(n, ast.FunctionDef)
        and n.decorator_list
        and n.decorator_list[0].lineno == line
    )
    namespace: dict[str, object] = {"partial": partial, "jax": jax, "jnp": jnp}
    first = "importing nanovllm_jax.model_jit raises ValueError at line 435 first"
    try:
        exec(compile(ast.Module([node], []), str(path), "exec"), namespace)
    except ValueError as error:
        return f"verdict: undecided: {first}; the def alone raises ValueError: {error}"
    return f"verdict: false: {first}; the def alone runs"


def nanovllm_metal(line: int, src: Path) -> str:
    path = src / "nanovllm_jax" / "model_metal.py"
    module = _nanovllm(src, "model_metal")
    project = module.make_attention_projections_jit()
    x = jnp.ones((1, 3, 8))
    call = lambda: project(x, jnp.ones((8, 16)), jnp.ones((8, 8)), jnp.ones((8, 8)), 2, 2, 4)  # noqa: E731
    what = "make_attention_projections_jit()(x, q, k, v, 2, 2, 4)"
    error, at = _run(call, path)
    said = _verdict(error, at, line, what, "TypeError")
    if line == 65 or error is None or at == line:
        return said
    first = f"{what} raises {type(error).__name__} at line {at} first"
    return f"verdict: undecided: {first} (the same traced count)"


def nanovllm_conv(src: Path) -> str:
    path = src / "nanovllm_jax" / "conv1d_metal.py"
    module = _nanovllm(src, "conv1d_metal")
    what = "causal_conv1d_scan(x[1, 4, 6], weight[4, 3])"
    error, at = _run(lambda: module.causal_conv1d_scan(jnp.ones((1, 4, 6)), jnp.ones((4, 3))), path)
    return _verdict(error, at, 90, what, "IndexError")


def nanovllm_paged(src: Path) -> str:
    path = src / "nanovllm_jax" / "kernels" / "paged_attention.py"
    module = _load("nanovllm_paged_attention", path)
    q, cache = jnp.ones((2, 4, 8)), jnp.ones((4, 4, 2, 8))
    pages, last = (jnp.array([0, 1, 2]), jnp.array([0, 1])), jnp.array([3, 2])
    what = "paged_decode_attention_gqa_nhd_reference(q[2, 4, 8], 2 kv heads of 8)"
    call = lambda: module.paged_decode_attention_gqa_nhd_reference(  # noqa: E731
        q, cache, cache, *pages, last, last, 0.35
    )
    error, at = _run(call, path)
    return _verdict(error, at, 194, what, "TypeError")


def nanovllm_padded(src: Path) -> str:
    path = src / "nanovllm_jax" / "model.py"
    module = _nanovllm(src, "model")
    what = "_lm_head_logits_from_normed(hidden[3, 16, 16], weight[16, 4], None)"

    def call() -> object:
        return module._lm_head_logits_from_normed(jnp.ones((3, 16, 16)), jnp.ones((16, 4)), None)

    error, at = _run(call, path)
    return _verdict(error, at, 410, what, "TypeError")


CASES: dict[str, Callable[[Path], str]] = {
    "nanovllm-jit-435": nanovllm_jit_435,
    "nanovllm-jit-459": partial(nanovllm_argnums, 459),
    "nanovllm-jit-466": partial(nanovllm_argnums, 466),
    "nanovllm-metal-65": partial(nanovllm_metal, 65),
    "nanovllm-metal-70": partial(nanovllm_metal, 70),
    "nanovllm-metal-71": partial(nanovllm_metal, 71),
    "nanovllm-conv-90": nanovllm_conv,
    "nanovllm-paged-194": nanovllm_paged,
    "nanovllm-padded-410": nanovllm_padded,
    "foldjax-confidence-493": foldjax_confidence,
    "wobble-chisquare-63": wobble_chisquare,
    "xlstm-generate-122": xlstm_generate,
    "aequus-eval-72": aequus_eval,
    "aequus-engine-127": partial(aequus_engine, 127),
    "aequus-engine-149": partial(aequus_engine, 149),
    "aequus-engine-205": partial(aequus_engine, 205),
}

if __name__ == "__main__":
    print(dispatch(CASES, {"keyword": keyword, "wobble-argnums": wobble_argnums}))
