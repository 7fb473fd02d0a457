"""Stop 42's research repositories: the error findings that are not removed names, run.

    python repos_s42_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, numpyro and each repository's own imports
from PyPI), never jaxlsp's.  Each case cuts the flagged code out of its file with ``ast`` (or
a notebook's cell) and runs it as the repository's code would.  Last line:
``verdict: true|false|undecided: what ran``.

Cases:
- ``keyword:PATH:LINE:COLUMN`` (``jax-call-keyword-unknown``): stop 39's driver
  (``repos_s39_lines.keyword``): the call with the same keywords on small arrays.
- ``libname:PATH:LINE`` (``jax-module-attribute-missing`` of a library's module, flax):
  stop 40's driver (``repos_s40_lines.libname``): each attribute chain read on the installed
  library.
- ``qdpy-argnums`` (SRC: qdpy-numpyro dee9d8d): ``dpy_jax/prune_multiplets.py`` line 8,
  ``jit(build_cnm.getnt4cenmult, static_argnums=(0, 1, 2))``, with ``getnt4cenmult`` cut out
  of ``dpy_jax/build_cenmults.py`` (one parameter, ``GVARS``).
- ``qdpy-fori-cell6`` (SRC: qdpy-numpyro dee9d8d): ``notebooks/pytrees.ipynb``'s sixth code
  cell run with the names the earlier cells bind (``jax``; ``np`` is ``jax.numpy`` since the
  fourth cell): ``_run(np.array([0, 0]), np.array([1, 1]))`` reaches the ``fori_loop`` of
  the cell's line 15, whose body returns ``World.v`` (two floats) for a 0-d carry.
- ``ayaka-concat:LINE`` (SRC: beta-vae-numpyro 5ecfe34): ``disentanglement-metric/
  disentanglement_metric.py`` lines 1718-1765 (the encoder's means for pairs of batches,
  ``abs`` of their differences, then the ``jnp.concatenate`` loops of lines 1739-1763), with
  the repository's own ``VAEEncoder`` (``lib/model.py``, latent size 10, parameters from
  ``init``) and ``svi.get_params`` giving them, on 400 images of 128x128 (the input the
  encoder unpacks: ``batch_size, _, _ = x.shape``).  The file's own ``data_x`` is reshaped
  to 2-D by the cell before (line 1712), which the encoder rejects first (ValueError at
  ``lib/model.py`` line 10), so the loops are reached only with the 3-D input; the case also
  runs the 2-D input and says where it stopped.
"""

from __future__ import annotations

import ast
import json
import sys
import types
from pathlib import Path

import jax
import jax.numpy as jnp

sys.path.insert(0, str(Path(__file__).parent))

from repos_s39_lines import _cut, _run, _verdict, keyword
from repos_s40_lines import libname


def qdpy_argnums(src: Path) -> str:
    namespace = _cut(src / "dpy_jax/build_cenmults.py", ("getnt4cenmult",), {})
    build_cnm = types.SimpleNamespace(getnt4cenmult=namespace["getnt4cenmult"])
    path = src / "dpy_jax/prune_multiplets.py"
    line = ast.parse(path.read_text("utf-8")).body[4]
    assert line.lineno == 8, line.lineno
    code = compile(ast.Module([line], []), str(path), "exec")
    error, at = _run(lambda: exec(code, {"jit": jax.jit, "build_cnm": build_cnm}), path)
    return _verdict(error, at, 8, "prune_multiplets.py line 8", "ValueError")


def qdpy_fori_cell6(src: Path) -> str:
    cells = json.loads((src / "notebooks/pytrees.ipynb").read_text("utf-8"))["cells"]
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    source = "".join(code_cells[5]["source"])
    name = "pytrees.ipynb-cell6"
    code = compile(source, name, "exec")
    namespace = {"jax": jax, "np": jnp, "time": __import__("time")}
    error, at = _run(lambda: exec(code, namespace), Path(name))
    return _verdict(error, at, 15, "pytrees.ipynb's sixth code cell", "TypeError")


def ayaka_concat(item: str, src: Path) -> str:
    want = int(item)
    sys.path.insert(0, str(src))
    from lib import VAEEncoder  # the repository's own model

    path = src / "disentanglement-metric/disentanglement_metric.py"
    lines = path.read_text("utf-8").splitlines()
    block = "\n".join([""] * 1717 + lines[1717:1765])
    code = compile(block, str(path), "exec")
    encoder_nn = VAEEncoder(128, 10)
    images = jnp.linspace(0.0, 1.0, 400 * 128 * 128).reshape(400, 128, 128)
    params = encoder_nn.init(jax.random.key(0), images[:2])["params"]
    svi = types.SimpleNamespace(get_params=lambda state: {"encoder$params": params})
    outcomes = []
    for label, data_x in (("the 2-D data_x", images.reshape(400, -1)), ("3-D images", images)):
        namespace = {
            "np": jnp,
            "encoder_nn": encoder_nn,
            "svi": svi,
            "svi_state": None,
            "data_x": data_x,
            "print": lambda *a: None,
        }
        error, at = _run(lambda namespace=namespace: exec(code, namespace), path)
        outcomes.append((label, error, at, namespace))
    said = []
    for label, error, at, namespace in outcomes:
        if error is None:
            said.append(f"{label}: ran, z_diff_x1 {namespace['z_diff_x1'].shape}")
        else:
            said.append(f"{label}: {type(error).__name__} at line {at}: {str(error)[:90]}")
    reached = outcomes[1]
    verdict = _verdict(reached[1], reached[2], want, "lines 1718-1765 on 3-D images", "ValueError")
    return f"{verdict} ({'; '.join(said)})"


if __name__ == "__main__":
    case, src = sys.argv[1], Path(sys.argv[2]).resolve()
    prefix, _, item = case.partition(":")
    if prefix == "keyword":
        print(keyword(item, src))
    elif prefix == "libname":
        print(libname(item, src))
    elif prefix == "ayaka-concat":
        print(ayaka_concat(item, src))
    else:
        print({"qdpy-argnums": qdpy_argnums, "qdpy-fori-cell6": qdpy_fori_cell6}[case](src))
