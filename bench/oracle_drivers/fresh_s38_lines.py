"""The error findings of stop 38's fresh sample (bench/fresh-sample.json's s38; its account:
git show f598467:docs/fresh-sample.md) that are not
removed names, run on the pinned JAX in a venv of the package's own (the package installed
from PyPI with jax==0.12.0.1; jax-linear-attention's pin of jax 0.11.2 left out, its other
requirements installed).

    python fresh_s38_lines.py CASE SRC

Cases:

- ``veris-docs-jit``: veris's ``tests/installed_lifecycle_probe.py`` lines 117-157 alone (the
  sdist's documentation examples exec'd into one namespace by the probe's own ``_block``),
  then ``jax.jit(namespace["objective"])(forcing)``, the flagged line 152.  SRC: the sdist.
- ``jla-mixers``: every ``LinearAttentionMixer`` subclass of jax-linear-attention built, with
  and without short convolutions and output gate: each ``__init__`` calls the base's
  ``_init_common``, whose assignments (``linear_attention.py:122-146``) are flagged.
- ``dftax-forces``: dftax's ``forces`` on H2 (sto-3g) with the default, a density-fitted and
  the exact Coulomb backend: the energy it differentiates builds ``KS`` at traced coordinates
  (``basis/loader.py:107``, ``np.asarray`` of them, flagged under that ``jax.grad``).

Each prints what ran or the exception and the library's lines in its traceback; the last line
is ``verdict: true|false: ...``.  veris's ``execution/rollout.py:58`` is judged by its own test
under line coverage (``tests/io/test_callback_lifetime.py -k history``: the line runs in
``_observed_chunk``, traced by the jit of ``scan.py:327``, and both tests pass).
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What each run raised at the flagged file or not: the last line says the verdict.
RAISED: list[bool] = []


def run(label: str, call: Callable[[], Any], file: str, flagged: range) -> None:
    """Runs ``call``; prints what it raised and where in ``file``, or that it ran (it raised
    the finding's error when a frame of ``file`` at a ``flagged`` line is in the traceback)."""
    try:
        print(label, "ran", call())
        RAISED.append(False)
    except Exception as error:  # the outcome is what this driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        RAISED.append(any(line in flagged for line in lines))
        print(label, type(error).__name__, str(error)[:120].replace("\n", " "), "lines", lines)


def veris_docs_jit(src: Path) -> None:
    sys.path.insert(0, str(src / "tests"))
    from installed_lifecycle_probe import _block  # type: ignore[import-not-found]

    docs = src / "docs"
    examples = (
        (docs / "quickstart/user-guide.rst", "from datetime import timedelta", None),
        (docs / "quickstart/user-guide.rst", "import jax.numpy as jnp", None),
        (
            docs / "quickstart/user-guide.rst",
            "from veris import Experiment, Grid, Simulation",
            None,
        ),
        (docs / "quickstart/custom-ocean.rst", "import numpy as np", None),
        (docs / "api/experiment.rst", "import jax", "Explicit meshes"),
        (docs / "reference/integration.rst", "import jax", "Time-varying forcing and AD"),
    )
    namespace: dict[str, Any] = {"__name__": "__main__"}
    previous = Path.cwd()

    def body() -> object:
        import jax

        with tempfile.TemporaryDirectory() as directory:
            os.chdir(directory)
            try:
                for path, first, section in examples:
                    exec(compile(_block(path, first, section), str(path), "exec"), namespace)
                objective, forcing = namespace["objective"], namespace["cooling"]
                return jax.jit(objective)(forcing)
            finally:
                os.chdir(previous)

    run("installed_lifecycle_probe.py:152", body, "installed_lifecycle_probe.py", range(152, 153))


def jla_mixers(src: Path) -> None:
    import jax
    from jla.layers import linear_attention as la  # type: ignore[import-not-found]
    from jla.layers import ttt  # type: ignore[import-not-found]
    from jla.models.config import LinearAttentionConfig  # type: ignore[import-not-found]

    kinds = [
        la.GatedDeltaNet,
        la.KDA,
        la.DeltaNet,
        la.GLA,
        la.SimpleGLA,
        la.GatedDeltaNet2,
        la.MLSTM,
        la.GatedDeltaProduct,
        ttt.TTTLinear,
    ]
    for conv, gate in ((4, True), (0, False)):
        cfg = LinearAttentionConfig(
            num_k_heads=2, num_v_heads=2, head_k_dim=8, head_v_dim=8, conv_size=conv,
            output_gate=gate,
        )  # fmt: skip
        for kind in kinds:
            run(
                f"{kind.__name__} conv={conv} gate={gate}",
                lambda kind=kind, cfg=cfg: (
                    type(kind(32, cfg, key=jax.random.PRNGKey(0), std=0.02, norm_eps=1e-6)).__name__
                ),
                "linear_attention.py",
                range(122, 147),
            )


def dftax_forces(src: Path) -> None:
    import jax

    jax.config.update("jax_enable_x64", True)
    from dftax import KS, Molecule, df, exact, forces, scf  # type: ignore[import-not-found]
    from dftax.energy.xc import PBE  # type: ignore[import-not-found]
    from dftax.grid import becke  # type: ignore[import-not-found]

    mol = Molecule.from_xyz("H 0 0 0; H 0 0 0.74", "sto-3g")
    grid = becke(20, 50)
    for name, coulomb in (
        ("default", None),
        ("df", df("def2-universal-jkfit")),
        ("exact", exact()),
    ):

        def body(coulomb: Any = coulomb) -> object:
            result = scf(KS(mol, PBE(), grid=grid, coulomb=coulomb))
            return forces(mol, PBE(), result, grid=grid, coulomb=coulomb).shape

        run(f"forces coulomb={name}", body, "loader.py", range(107, 108))


CASES: dict[str, Callable[[Path], None]] = {
    "veris-docs-jit": veris_docs_jit,
    "jla-mixers": jla_mixers,
    "dftax-forces": dftax_forces,
}


def main() -> None:
    case, src = sys.argv[1], Path(sys.argv[2])
    CASES[case](src)
    if any(RAISED):
        print("verdict: true: a flagged line raised")
    else:
        print(f"verdict: false: every run ({len(RAISED)}) passed the flagged lines")


if __name__ == "__main__":
    main()
