"""The error findings of stop 35's fresh sample (docs/fresh-sample.md, "Stop 35") run on the
pinned JAX, in a venv of the package's own (the package installed from PyPI with jax==0.12.0.1).

    python fresh_s35_lines.py attr SRC FILE:LINE:COL [...]   (jax-module-attribute-missing)
    python fresh_s35_lines.py CASE SRC                        (the other rules; cases below)

``attr``: the module of FILE (a path under SRC, the unpacked wheel) is imported as the package's
users import it; where that import fails, its namespace is rebuilt from its own top-level
imports, run one by one.  Then the attribute read the finding names (the ``jax...`` chain that
starts at LINE:COL) is evaluated in that namespace: "raises AttributeError" is the finding's
claim, "reads" refutes it.  An import that fails on the flagged line itself is reported so.

Cases: jaxpm-gradient-kernel (``gradient_kernel(fftk(field), 0, order=0)``), jax-metrics-accuracy
(``metrics.utils.accuracy_compute`` called with ``AverageMethod.NONE`` as its docstring's examples
call it; ``Accuracy`` itself turns NONE into MACRO, so only such a direct call reaches the line),
furax-bin-weights (``_bin_weights(interpolate=True)`` under ``jax.make_jaxpr``, as the
map-maker's ``family_apply`` traces it), circulax-init-subclass (``cls._n_ports = ...`` in
``CircuitComponent.__init_subclass__``: every component class circulax defines at import, and
one more; false when it runs), jcm-echam-levels (``get_echam_levels(47)`` in a gradient, eager
and under ``jax.jit``, as its gradient-finiteness test builds it).  Each prints the exception
and the library's lines in its traceback, or "ran"; the last line is ``verdict: true|false:
...`` (``bench/oracle.py``'s ``rerun_reviews`` reads it).
"""

import ast
import importlib
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What each run and read raised (the finding's error) or not: the last line says the verdict.
RAISED: list[bool] = []


def run(label: str, call: Callable[[], Any], file: str) -> None:
    """Runs ``call``; prints what it raised and where in ``file``, or that it ran."""
    try:
        call()
        print(label, "ran")
    except Exception as error:  # the outcome is what this driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        RAISED.append(bool(lines))
        print(label, type(error).__name__, str(error)[:100].replace("\n", " "), "lines", lines)


def module_namespace(src: Path, file: Path) -> tuple[dict[str, Any], str]:
    """The namespace of ``file``'s module: imported, else rebuilt from its top-level imports."""
    dotted = ".".join(file.relative_to(src).with_suffix("").parts)
    try:
        return vars(importlib.import_module(dotted)), "imported"
    except Exception as error:  # the module may not import on this JAX: say why, go on
        here = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if Path(f.filename) == file
        ]
        how = f"import failed: {type(error).__name__}: {str(error)[:80]} (lines here {here})"
    namespace: dict[str, Any] = {"__name__": dotted, "__package__": dotted.rpartition(".")[0]}
    for node in ast.parse(file.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            try:
                exec(compile(ast.Module([node], []), str(file), "exec"), namespace)
            except Exception:  # an import the pinned JAX or the venv lacks: skipped
                continue
    return namespace, how


def attribute_reads(src: Path, spec: str) -> None:
    """Evaluates the attribute chain at FILE:LINE:COL in the module's namespace."""
    path, line, col = spec.rsplit(":", 2)
    file = (src / path).resolve()
    tree = ast.parse(file.read_text(encoding="utf-8"))
    chains = sorted(
        (
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and node.lineno == int(line)
            and node.col_offset in (int(col) - 1, int(col))
        ),
        key=lambda node: node.end_col_offset or 0,
    )
    namespace, how = module_namespace(src, file)
    for node in chains:
        text = ast.unparse(node)
        try:
            eval(compile(ast.Expression(node), str(file), "eval"), namespace)
        except AttributeError as error:
            print(spec, text, "raises AttributeError:", str(error)[:90], "|", how)
            RAISED.append(True)
            return
        except NameError as error:
            print(spec, text, "cannot be read here:", error, "|", how)
            return
    print(spec, "reads", [ast.unparse(n) for n in chains], "|", how)
    RAISED.append(False)


def jaxpm_gradient_kernel(src: Path) -> None:
    """kernels.py:59: ``wts[len(wts) // 2] = 0`` on the jnp.squeeze of ``1j * kvec[0]``."""
    sys.path.insert(0, str(src))
    import jax.numpy as jnp
    from jaxpm.kernels import fftk, gradient_kernel

    kvec = fftk(jnp.fft.rfftn(jnp.ones((8, 8, 8))))  # as pm.py makes it, from a k-space field
    run("jaxpm-gradient-kernel order=1", lambda: gradient_kernel(kvec, 0), "kernels.py")
    run("jaxpm-gradient-kernel order=0", lambda: gradient_kernel(kvec, 0, order=0), "kernels.py")


def jax_metrics_accuracy(src: Path) -> None:
    """metrics/utils.py:736: item assignment to ``numerator`` with ``average='none'``."""
    sys.path.insert(0, str(src))
    import jax.numpy as jnp
    from jax_metrics.metrics.utils import (
        AverageMethod,
        DataType,
        MDMCAverageMethod,
        accuracy_compute,
    )

    tp, fp, tn, fn = (
        jnp.array([1, 0, 2]),
        jnp.array([0, 1, 0]),
        jnp.array([3, 2, 1]),
        jnp.array([0, 1, 0]),
    )
    run(
        "jax-metrics-accuracy",
        lambda: accuracy_compute(
            tp, fp, tn, fn, AverageMethod.NONE, MDMCAverageMethod.GLOBAL, DataType.MULTICLASS
        ),
        "utils.py",
    )


def furax_bin_weights(src: Path) -> None:
    """_builders.py:590: ``.at[0, x < centres[0]]`` on a traced ``x`` (interpolate, not smooth)."""
    sys.path.insert(0, str(src))
    import jax
    import jax.numpy as jnp
    from furax.mapmaking.templates._builders import _bin_weights

    x = jnp.linspace(0.0, 6.0, 50)
    run(
        "furax-bin-weights concrete",
        lambda: _bin_weights(x, 5, True, False, jnp.float32),
        "_builders.py",
    )
    run(
        "furax-bin-weights traced",
        lambda: jax.make_jaxpr(lambda x: _bin_weights(x, 5, True, False, jnp.float32))(x),
        "_builders.py",
    )
    from furax.mapmaking._engine import Family, family_apply
    from furax.mapmaking.config import BinsConfig
    from furax.mapmaking.templates._builders import binned_azimuth_synchronous_basis

    class Scans(Family):
        """Four scans' azimuths, one member each, fetched as the engine's families are."""

        stacked = jnp.stack([x, x + 1.0, x + 2.0, x + 3.0])

        @property
        def size(self) -> int:
            return 4

        def fetch(self, i: Any) -> Any:
            return jax.lax.dynamic_index_in_dim(self.stacked, i, 0, keepdims=False)

    bins = BinsConfig(n_bins=5, interpolate=True)
    run(
        "furax-bin-weights family_apply",
        lambda: family_apply(
            Scans(),
            lambda az: binned_azimuth_synchronous_basis(bins, az, jnp.float32).values,
            "stack",
        ),
        "_builders.py",
    )


def circulax_init_subclass(src: Path) -> None:
    """base_component.py:144: ``cls._n_ports = len(cls.ports)`` on an equinox Module's class."""
    del src  # imported from the venv: the package defines its components at import
    import circulax  # noqa: F401  (defines every component class)
    from circulax.components.base_component import CircuitComponent

    def subclasses(cls: type) -> list[type]:
        return [s for c in cls.__subclasses__() for s in (c, *subclasses(c))]

    def define() -> None:
        made = type("ThreePort", (CircuitComponent,), {"ports": ("a", "b", "c")})
        print(
            "circulax-init-subclass",
            len(subclasses(CircuitComponent)),
            "classes; new one's _n_ports",
            made._n_ports,
        )

    run("circulax-init-subclass", define, "base_component.py")


def jcm_echam_levels(src: Path) -> None:
    """echam_levels.py:44: ``float(a[0] + b[0] * 101325.0)`` inside the jitted gradient.

    gradient_finiteness_test.py's ``_mean_temperature_after_two_steps`` builds its levels with
    ``get_echam_levels(47)`` inside the function it hands ``jax.grad`` and, with ``jit``,
    ``jax.jit``; the test itself needs ``rrtmgp``, which PyPI lacks, so the levels are built
    here as it builds them, alone."""
    del src  # imported from the venv
    import jax
    import jax.numpy as jnp
    from jcm.physics.echam.echam_levels import get_echam_levels

    def mean(s: Any) -> Any:
        levels = get_echam_levels(47)
        return s * jnp.sum(levels.a_boundaries)

    run("jcm-echam-levels eager grad", lambda: jax.grad(mean)(jnp.asarray(1361.0)), "levels.py")
    run(
        "jcm-echam-levels jit grad",
        lambda: jax.jit(jax.grad(mean))(jnp.asarray(1361.0)),
        "echam_levels.py",
    )


CASES: dict[str, Callable[[Path], None]] = {
    "jcm-echam-levels": jcm_echam_levels,
    "circulax-init-subclass": circulax_init_subclass,
    "jaxpm-gradient-kernel": jaxpm_gradient_kernel,
    "jax-metrics-accuracy": jax_metrics_accuracy,
    "furax-bin-weights": furax_bin_weights,
}


def main() -> None:
    """Dispatches on the first argument."""
    case, src = sys.argv[1], Path(sys.argv[2]).resolve()
    if case == "attr":
        sys.path.insert(0, str(src))
        for spec in sys.argv[3:]:
            attribute_reads(src, spec)
    else:
        CASES[case](src)
    if RAISED and (all(RAISED) if case == "attr" else any(RAISED)):
        print("verdict: true: the flagged line raises the finding's error on the pinned JAX")
    else:
        print("verdict: false: the flagged code runs on the pinned JAX")


if __name__ == "__main__":
    main()
