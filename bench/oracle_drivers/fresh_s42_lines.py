"""The error findings of stop 42's fresh sample (bench/fresh-sample.json, ``s42``) that are not
removed names or keywords, run on the pinned JAX in a venv of the package's own (the package
installed from PyPI with jax==0.12.0.1).

    python fresh_s42_lines.py CASE SRC        (SRC: the unpacked wheel or sdist)

Cases:

- ``continuation-jax-l2``: ``SimpleNeuralNetwork.objective`` of its own initial value; flagged:
  ``examples/poly_nn/simple_neural_network.py:32``, ``np.sum([...])`` (``np`` is jax.numpy)
  of a list of two scalars.  The module imports ``cjax.utils.abstract_problem``, which fails on
  a removed module (a finding of its own) and annotates with ``Tuple`` it never imports: a
  stand-in ``AbstractProblem`` and ``typing.Tuple`` let the flagged line run as written.
- ``jaxrk-hstack``: ``SiEdSpVec`` and ``SpVec`` of a realization count that does not start at
  0; flagged: ``rkhs/sp_vector.py:34`` and ``:173``, ``np.hstack([[0], realization_num_obs])``
  (``np`` is jax.numpy).  (``jaxrk``'s ``__init__`` imports ``kern``, which fails on a removed
  module: ``_bare_packages``.)
- ``jaxus-f-number``: ``das_beamform_transmit`` (jitted, ``f_number`` not static) of one
  pixel and two elements; flagged: ``beamforming/beamform.py:678``, whose
  ``get_f_number_mask(pixel_pos, probe_geometry, f_number)`` passes the traced ``f_number``
  as a static argument of ``get_f_number_mask``.
- ``jax-toolkit-shapes``: the package's own tests' calls with sample counts that differ
  (2 and 3), each under its ``assertRaises``; flagged: ``losses/probabilistic.py:16``,
  ``losses/regression.py:7, 14, 21, 28``, ``metrics/classification.py:8, 9`` and
  ``metrics/regression.py:9`` (that module imports ``jax.ops.index``, removed, a finding of
  its own: stand-ins let ``r2_score`` run as written).

Each prints what ran or the exception and the library's lines in its traceback; the last line
is ``verdict: true|false: ...`` (for a case of several calls, each call's verdict first).
"""

from __future__ import annotations

import builtins
import importlib.util
import sys
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _driver import RAISED, bare_packages, case_and_src
from _driver import run as run_call


def run(label: str, call: Callable[[], Any], file: str, flagged: set[int]) -> None:
    """``_driver.run``, then this call's own verdict (a case here may make several calls)."""
    run_call(label, call, file, flagged)
    print(f"call verdict: {'true' if RAISED[-1] else 'false'}: {label} ({file}:{sorted(flagged)})")


def continuation_jax_l2(src: Path) -> None:
    stand_in = types.ModuleType("cjax.utils.abstract_problem")

    class AbstractProblem:
        """Stands for the base class whose module fails to import on the pinned JAX."""

    stand_in.AbstractProblem = AbstractProblem  # type: ignore[attr-defined]
    sys.modules["cjax.utils.abstract_problem"] = stand_in
    builtins.Tuple = typing.Tuple  # type: ignore[attr-defined]  # noqa: UP006
    path = src / "examples" / "poly_nn" / "simple_neural_network.py"
    spec = importlib.util.spec_from_file_location("simple_neural_network", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    problem = module.SimpleNeuralNetwork()
    state, bparam = problem.initial_value()
    run(
        "SimpleNeuralNetwork.objective",
        lambda: problem.objective(state, bparam[0]),
        "simple_neural_network.py",
        {32},
    )


def jaxrk_hstack(src: Path) -> None:
    bare_packages("jaxrk")
    import jax.numpy as jnp
    from jaxrk.rkhs.sp_vector import SiEdSpVec, SpVec

    points = jnp.arange(6.0).reshape((3, 2))
    counts = jnp.array([3])
    run("SiEdSpVec", lambda: SiEdSpVec(None, points, counts), "sp_vector.py", {34})
    run("SpVec", lambda: SpVec(None, points, counts), "sp_vector.py", {173})


def jaxus_f_number(src: Path) -> None:
    import jax.numpy as jnp
    from jaxus.beamforming.beamform import das_beamform_transmit

    run(
        "das_beamform_transmit",
        lambda: das_beamform_transmit(
            jnp.ones((8, 2)),  # rf_data (n_samples, n_el)
            jnp.array([[0.0, 0.01]]),  # pixel_positions (n_pixels, 2)
            jnp.array([[-0.001, 0.0], [0.001, 0.0]]),  # probe_geometry (n_el, 2)
            jnp.zeros(2),  # t0_delays
            0.0,  # initial_time
            1e6,  # sampling_frequency
            1e6,  # carrier_frequency
            1540.0,  # sound_speed
            1000.0,  # sound_speed_lens
            1e-3,  # lens_thickness
            0.0,  # t_peak
            jnp.ones(2),  # tx_apodization
            jnp.ones(2),  # rx_apodization
            f_number=1.0,
            iq_beamform=False,
        ).block_until_ready(),
        "beamform.py",
        {678},
    )


def jax_toolkit_shapes(src: Path) -> None:
    import jax.numpy as jnp
    import jax.ops

    # metrics/regression.py imports index and index_update from jax.ops (removed): stand-ins
    # let its module load, so r2_score's first line runs as written
    jax.ops.index = None  # type: ignore[attr-defined]
    jax.ops.index_update = None  # type: ignore[attr-defined]
    from jax_toolkit.losses.probabilistic import kullback_leibler_divergence
    from jax_toolkit.losses.regression import (
        max_absolute_error,
        mean_absolute_error,
        mean_squared_error,
        median_absolute_error,
    )
    from jax_toolkit.metrics.classification import _intersection_over_union, intersection_over_union
    from jax_toolkit.metrics.regression import r2_score

    two, three = jnp.array([0, 1]), jnp.array([0, 1, 0])
    losses = "losses/regression.py"
    calls: list[tuple[str, Callable[[], Any], str, set[int]]] = [
        (
            "kullback_leibler_divergence",
            lambda: kullback_leibler_divergence(jnp.array([1, 1]), three),
            "probabilistic.py",
            {16},
        ),
        ("mean_absolute_error", lambda: mean_absolute_error(two, three), losses, {7}),
        ("median_absolute_error", lambda: median_absolute_error(two, three), losses, {14}),
        ("max_absolute_error", lambda: max_absolute_error(two, three), losses, {21}),
        ("mean_squared_error", lambda: mean_squared_error(two, three), losses, {28}),
        (
            "intersection_over_union (the tests' call)",
            lambda: intersection_over_union(two, three),
            "classification.py",
            {8, 9},
        ),
        (
            "_intersection_over_union",
            lambda: _intersection_over_union(two, three),
            "classification.py",
            {8, 9},
        ),
        ("r2_score", lambda: r2_score(two, three), "metrics/regression.py", {9}),
    ]
    for label, call, file, flagged in calls:
        run(label, call, file, flagged)


CASES: dict[str, Callable[[Path], None]] = {
    "continuation-jax-l2": continuation_jax_l2,
    "jaxrk-hstack": jaxrk_hstack,
    "jaxus-f-number": jaxus_f_number,
    "jax-toolkit-shapes": jax_toolkit_shapes,
}


def main() -> None:
    case, src = case_and_src()
    CASES[case](src)
    verdict = "true" if RAISED and all(RAISED) else "false"
    print(f"verdict: {verdict}: {case}: " + ", ".join(str(r) for r in RAISED))


if __name__ == "__main__":
    main()
