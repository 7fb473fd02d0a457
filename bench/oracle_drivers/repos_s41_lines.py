"""Stop 41's research repositories: the error findings that are not removed names, run.

    python repos_s41_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, optax and each repository's own imports from
PyPI), never jaxlsp's.  The repositories are no packages one can install whole: each case
loads the flagged module from SRC by its path, cuts the flagged code out of its file with
``ast``, or runs the repository's own tests.  Last line:
``verdict: true|false|undecided: what ran``.

Cases:
- ``keyword:PATH:LINE:COLUMN`` (``jax-call-keyword-unknown``): stop 39's driver
  (``repos_s39_lines.keyword``): the call with the same keywords on small arrays.
- ``keyword:NOTEBOOK.ipynb:CELL:LINE:COLUMN``: the same, the notebook's code cells written in
  order to one file (magics and shell lines commented out) and the cell's line mapped to it;
  jaxlsp numbers a notebook's code cells from 1.
- ``aux-pair:LINE`` (SRC: Generative_models-flax 04ea099): ``src/training.py``'s
  ``vae_training_step`` (line 47) or ``mhvae_training_step`` (line 67) cut out, its loss
  functions from ``src/losses.py``, run on a state whose ``apply_fn`` returns the arrays the
  model's ``__call__`` returns (4 for the VAE, 6 for the MHVAE, two of them stacks of
  pairs as ``consistency_loss`` reads them): ``jax.value_and_grad(...,
  has_aux=True)`` of a loss that returns three values raises TypeError at the call.
- ``stac-tests`` (SRC: stac-mjx d898635): the repository's own
  ``tests/unit/test_compute_stac.py`` (pytest), whose tests pass fake MJX objects to
  ``compute_stac``'s optimisations with ``utils.kinematics`` and ``utils.com_pos`` replaced
  by ``monkeypatch.setattr``: every test passing means the jitted ``kinematics`` never got a
  fake object.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path

import jax
import jax.numpy as jnp

sys.path.insert(0, str(Path(__file__).parent))

from repos_s39_lines import _cut, _run, _verdict, keyword


def _notebook_as_file(notebook: Path, directory: Path) -> tuple[Path, dict[int, int]]:
    """The notebook's code cells, in order, as one file; where each code cell (from 1)
    starts in it (0-based line offset)."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    lines: list[str] = []
    starts: dict[int, int] = {}
    number = 0
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        number += 1
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        starts[number] = len(lines)
        for line in source.split("\n"):
            lines.append("# " + line if line.lstrip().startswith(("%", "!")) else line)
    target = directory / (notebook.name + ".py")
    target.write_text("\n".join(lines) + "\n", "utf-8")
    return target, starts


def notebook_keyword(item: str, src: Path) -> str:
    relative, cell, line, column = item.rsplit(":", 3)
    with tempfile.TemporaryDirectory() as directory:
        written, starts = _notebook_as_file(src / relative, Path(directory))
        mapped = starts[int(cell)] + int(line)
        said = keyword(f"{written.name}:{mapped}:{column}", Path(directory))
    return said + f" (the notebook's code cells in one file, cell {cell} line {line} at {mapped})"


def aux_pair(line: int, src: Path) -> str:
    losses = _cut(
        src / "src" / "losses.py",
        ("binary_cross_entropy", "kl_divergence", "consistency_loss"),
        {"jax": jax, "jnp": jnp, "nn": __import__("flax.linen", fromlist=["linen"])},
    )
    gin = types.SimpleNamespace(configurable=lambda function: function)
    path = src / "src" / "training.py"
    # the shapes of what the model returns after the logits: a batch of 2, 4 features; the
    # MHVAE's z_from_q and z_from_g are stacks of (p, q) pairs, as consistency_loss reads them
    name, shapes = {
        47: ("vae_training_step", ((2, 4), (2, 4), (2, 4))),
        67: ("mhvae_training_step", ((2, 4), (2, 2, 4), (2, 2, 4), (2, 4), (2, 4))),
    }[line]
    namespace = _cut(path, (name,), {"jax": jax, "jnp": jnp, "gin": gin, **losses})
    x = jnp.full((2, 4), 0.5)

    def apply_fn(params: jax.Array, batch: jax.Array) -> tuple[jax.Array, ...]:
        logits = batch * params[0]
        return (logits, *(jnp.full(shape, 0.5) * params[0] for shape in shapes))

    state = types.SimpleNamespace(
        apply_fn=apply_fn, params=jnp.ones(1), apply_gradients=lambda grads: state
    )
    step = namespace[name]
    error, at = _run(lambda: step(state, x), path)  # type: ignore[operator]
    return _verdict(error, at, line, f"{name}(state, x)", "TypeError")


def stac_tests(src: Path) -> str:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            "tests/unit/test_compute_stac.py",
        ],
        cwd=src,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"},
        timeout=900,
    )
    last = (run.stdout.strip().splitlines() or [run.stderr.strip()[-300:]])[-1]
    if run.returncode == 0:
        return f"verdict: false: tests/unit/test_compute_stac.py passed ({last})"
    return f"verdict: undecided: tests/unit/test_compute_stac.py did not pass ({last})"


CASES: dict[str, Callable[[Path], str]] = {
    "aux-pair-47": partial(aux_pair, 47),
    "aux-pair-67": partial(aux_pair, 67),
    "stac-tests": stac_tests,
}


def main() -> None:
    case, src = sys.argv[1], Path(sys.argv[2])
    if case.startswith("keyword:"):
        item = case.removeprefix("keyword:")
        said = notebook_keyword(item, src) if ".ipynb:" in item else keyword(item, src)
    else:
        said = CASES[case](src)
    print(said)


if __name__ == "__main__":
    main()
