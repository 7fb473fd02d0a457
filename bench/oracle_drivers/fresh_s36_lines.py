"""The error findings of stop 36's fresh sample (docs/fresh-sample.md, "Stop 36") other than
removed names (those: ``fresh_s35_lines.py attr``) run on the pinned JAX, each in a venv of the
package's own (the package installed from PyPI with jax==0.12.0.1).

    python fresh_s36_lines.py CASE

Cases: agjax-wrapper-101 (``wrap_for_jax`` forward and ``jax.grad``: the treedef is set by the
function autograd's ``make_vjp`` calls), diffusionjax-plot-165 (``plot_heatmap_ax``: three
in_axes for two arguments), diffusionjax-utils-170 (``get_times()``: ``linspace`` with
``retstep``), hj-reachability-eno-93 (``essentially_non_oscillatory`` for orders 2 to 5, each
boundary condition), signax-term-at-126 (``term_at``: ``_get_depth``'s arrays as static
arguments).  The last line is ``verdict: true|false: ...``.
"""

import sys
import traceback
from collections.abc import Callable
from typing import Any


def raises_on(call: Callable[[], Any], file: str, line: int) -> bool:
    """Runs ``call``: whether it raised with ``file``'s ``line`` in the traceback."""
    try:
        call()
    except Exception as error:  # the outcome is what this driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        print(type(error).__name__, str(error)[:120].replace("\n", " "), "lines", lines)
        return line in lines
    print("ran")
    return False


def agjax() -> bool:
    import agjax as ag
    import autograd.numpy as npa
    import jax
    import jax.numpy as jnp

    f = ag.wrap_for_jax(lambda x, y: (npa.sin(x) * y, {"a": x + y}))
    y = jnp.ones(3)
    return raises_on(
        lambda: jax.grad(lambda x: jnp.sum(f(x, y)[0]))(jnp.arange(3.0)), "wrapper.py", 101
    )


def diffusionjax_plot() -> bool:
    import jax.numpy as jnp
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from diffusionjax.plot import plot_heatmap_ax

    _, ax = plt.subplots()
    return raises_on(lambda: plot_heatmap_ax(ax, jnp.zeros((8, 2)), [-3.0, 3.0]), "plot.py", 165)


def diffusionjax_times() -> bool:
    from diffusionjax.utils import get_times

    return raises_on(lambda: get_times(num_steps=1000), "utils.py", 170)


def hj_eno() -> bool:
    import jax.numpy as jnp
    from hj_reachability import boundary_conditions
    from hj_reachability.finite_differences import upwind_first

    def every_order() -> None:
        for order in (2, 3, 4, 5):
            for bc in (boundary_conditions.periodic, boundary_conditions.extrapolate):
                values = jnp.sin(jnp.linspace(0, 6.28, 1000))
                upwind_first.essentially_non_oscillatory(order, values, 0.01, bc)

    return raises_on(every_order, "upwind_first.py", 93)


def signax_term_at() -> bool:
    import jax.numpy as jnp
    from signax.utils import term_at

    return raises_on(lambda: term_at(jnp.arange(12.0), 2, 1), "utils.py", 126)


CASES: dict[str, Callable[[], bool]] = {
    "agjax-wrapper-101": agjax,
    "diffusionjax-plot-165": diffusionjax_plot,
    "diffusionjax-utils-170": diffusionjax_times,
    "hj-reachability-eno-93": hj_eno,
    "signax-term-at-126": signax_term_at,
}

if __name__ == "__main__":
    case = sys.argv[1]
    raised = CASES[case]()
    print(f"verdict: {'true' if raised else 'false'}: {case}")
