"""The error findings of stop 37's fresh sample (docs/fresh-sample.md, "Stop 37") that are not
removed names, run on the pinned JAX in a venv of the package's own (the package installed
from PyPI with jax==0.12.0.1).

    python fresh_s37_lines.py CASE SRC

Cases:

- ``jax-lab-collisions``: jax-lab's mask-free collision kernels with a force
  (``pallas_kernels.py:577``, the BGK one; ``:955``, the MRT one with surface tension), built
  as ``PallasMultiphaseBGK``/``PallasMultiphaseMRT._build_local_pallas_collisions`` build
  them on a D2Q9 lattice (their check that the backend is a GPU answered yes), and traced
  (``jax.make_jaxpr``: Pallas calls the kernel with one Ref per operand and output while it
  traces, where an arity error raises TypeError) with the operands the matching arm of
  ``_build_distributed_collision`` passes: ``(field, force)`` to the BGK/MRT kernel,
  ``(field, force, psi)`` to the surface-tension one.
- ``mlip-repex-key``: mlip's replica exchange (``replica_exchange.py:142``) run as
  ``FEPJaxMDSampler.run`` runs it: the key it makes from the seed before the first round
  (``jax.random.PRNGKey``), then two rounds of ``perform_replica_exchange`` on two lambda
  windows with energies and states stubbed (the swap itself is not the flagged line).
- ``spectraxgk-nperiod``: ``geometry.kernels.nperiod_contract`` (line 37, a boolean mask
  under ``jax.jit``) called on a theta grid as ``vmec_field_line_sampling`` calls it.

Each prints the exception and the library's lines in its traceback, or "ran"; the last line is
``verdict: true|false: ...``.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: What each run raised at the flagged file or not: the last line says the verdict.
RAISED: list[bool] = []


def run(label: str, call: Callable[[], Any], file: str) -> None:
    """Runs ``call``; prints what it raised and where in ``file``, or that it ran."""
    try:
        call()
        print(label, "ran")
        RAISED.append(False)
    except Exception as error:  # the outcome is what this driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        RAISED.append(bool(lines))
        print(label, type(error).__name__, str(error)[:160].replace("\n", " "), "lines", lines)


def jax_lab_collisions() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax_lab.core.lattice import LatticeD2Q9
    from jax_lab.core.precision_policy import PrecisionPolicy
    from jax_lab.experimental import pallas_kernels as pk

    # the builders refuse a backend other than a GPU; tracing (no lowering) runs anywhere
    jax.default_backend = lambda: "gpu"
    lattice = LatticeD2Q9()
    shape = (16, 16)
    policy = PrecisionPolicy.FP32FP32
    field = jnp.ones((9, *shape), jnp.float32)
    force = jnp.zeros((*shape, 2), jnp.float32)
    psi = jnp.ones((shape[0] + 2, shape[1], 1), jnp.float32)  # psi_spec: x, then dim + 1 axes
    bgk = pk.build_fused_soa_bgk_step(
        lattice,
        shape,
        policy,
        1.0,
        allow_multi_device_local=True,
        with_force=True,
        force_is_acceleration=False,
        streaming=False,
        use_solid_mask=False,
    )
    run("bgk (field, force)", lambda: jax.make_jaxpr(bgk)(field, force), "pallas_kernels.py")
    terms = [((j, 1.0),) for j in range(9)]
    mrt = pk.build_fused_soa_mrt_step(
        lattice,
        shape,
        policy,
        terms,
        allow_multi_device_local=True,
        with_force=True,
        force_is_acceleration=False,
        streaming=False,
        use_solid_mask=False,
    )
    run("mrt (field, force)", lambda: jax.make_jaxpr(mrt)(field, force), "pallas_kernels.py")
    surface = pk.build_fused_soa_mrt_surface_tension_step(
        lattice,
        shape,
        policy,
        terms,
        kappa=0.1,
        g_diag=-1.0,
        s_e=1.0,
        s_eta=1.0,
        s_v=1.0,
        g_ff=np.full(9, -1.0),
        m_inv=np.eye(9),
        x_needs_halo=True,
        allow_multi_device_local=True,
        use_solid_mask=False,
    )
    run(
        "mrt surface (field, force, psi)",
        lambda: jax.make_jaxpr(surface)(field, force, psi),
        "pallas_kernels.py",
    )


def mlip_repex_key() -> None:
    import jax
    import jax.numpy as jnp
    from mlip.simulation.fep.sampler.utils import replica_exchange as rx

    class State:
        def __init__(self, lam: float) -> None:
            self.steps_completed = 0
            self.system_state = self

        lambda_values = None

        def set(self, **changes: Any) -> State:
            return self

    key = jax.random.PRNGKey(0)  # FEPJaxMDSampler.run, before the first round
    states = [State(0.0), State(1.0)]
    lambdas = jnp.array([0.0, 1.0])
    energies = [{"e": jnp.array(1.0)}, {"e": jnp.array(1.5)}]
    rx._metropolis_criterion = lambda a, b, t: (jnp.array(0.5), jnp.array(0.5))
    for episode in range(2):

        def one_round(episode: int = episode) -> None:
            nonlocal key, states
            states, _, key = rx._run_repex_round(
                energies, episode, lambda steps: 300.0, states, lambdas, key, []
            )

        run(f"round {episode}", one_round, "replica_exchange.py")


def spectraxgk_nperiod() -> None:
    import jax.numpy as jnp
    from spectraxgk.geometry.kernels import nperiod_contract

    theta = jnp.linspace(-3 * jnp.pi, 3 * jnp.pi, 65)
    run("nperiod_contract", lambda: nperiod_contract(jnp.sin(theta), theta, 1.0), "kernels.py")


CASES: dict[str, Callable[[], None]] = {
    "jax-lab-collisions": jax_lab_collisions,
    "mlip-repex-key": mlip_repex_key,
    "spectraxgk-nperiod": spectraxgk_nperiod,
}


def main() -> None:
    case, src = sys.argv[1], Path(sys.argv[2])
    sys.path.insert(0, str(src))
    CASES[case]()
    if any(RAISED):
        print("verdict: true: the flagged line raises the finding's error on the pinned JAX")
    else:
        print("verdict: false: the flagged code runs on the pinned JAX")


if __name__ == "__main__":
    main()
