"""The error findings of stop 34's fresh sample (docs/fresh-sample.md, "Stop 34") run on the
pinned JAX.  Each case loads the flagged function from the unpacked wheel (cut out with
``ast`` where the library's own imports are not needed, else imported) and runs the line as
its callers do; it prints the exception and the library's lines in its traceback, or "ran".

    python fresh_s34_lines.py CASE SRC     (SRC: the unpacked wheel of the case's package)

Cases: tf2jax-paddings (false when it runs), treex-accuracy, meent-delta-vector,
tornadox-compile-init, gwkokab-jaxspence (true when they raise there); brainevent-grads and
brainpy-hh-update need a venv with brainevent/brainpy on the pinned JAX.
"""

import ast
import enum
import importlib.util
import sys
import traceback
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

NS = types.SimpleNamespace


def load(path: Path, names: set[str], namespace: dict[str, Any]) -> dict[str, Any]:
    """The top-level definitions ``names`` of ``path``, run in ``namespace``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = [
        node
        for node in tree.body
        if (isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in names)
        or (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in names for t in node.targets)
        )
    ]
    exec(compile(ast.Module(body, []), str(path), "exec"), namespace)
    return namespace


def run(label: str, call: Callable[[], Any], file: str) -> None:
    try:
        call()
        print(label, "ran")
    except Exception as error:  # the outcome is what this driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        print(label, type(error).__name__, str(error)[:90].replace("\n", " "), "lines", lines)


def tf2jax_paddings(src: Path) -> None:
    """ops.py:724: np.array(explicit_paddings).reshape(4, 2) for 8 explicit paddings."""
    conv = lambda v, ndim, channel_index: tuple(v[1:3]) if channel_index == -1 else tuple(v[2:])  # noqa: E731
    scope: dict[str, Any] = {"jax": jax, "jnp": jnp, "np": np, "Set": set}
    scope["register_operation"] = lambda name: lambda f: f
    scope["xla_utils"] = NS(get_conv_sequence=conv)
    load(src / "tf2jax/_src/ops.py", {"_check_attrs", "_depthwise_conv2d"}, scope)
    attr = {
        "T": NS(),
        "strides": NS(list=NS(i=[1, 1, 1, 1])),
        "dilations": NS(list=NS(i=[1, 1, 1, 1])),
        "padding": NS(s=b"EXPLICIT"),
        "data_format": NS(s=b"NHWC"),
        "explicit_paddings": NS(list=NS(i=[0, 0, 1, 1, 1, 1, 0, 0])),
    }
    proto = NS(attr=attr, op="DepthwiseConv2dNative", name="dw")
    op = scope["_depthwise_conv2d"]
    run(
        "tf2jax ops.py:724",
        lambda: op(proto)(jnp.ones((1, 5, 5, 3)), jnp.ones((3, 3, 3, 1))),
        "ops.py",
    )


def treex_accuracy(src: Path) -> None:
    """utils.py:738 and accuracy.py:204: _accuracy_compute(average='none') on jax arrays."""
    counts = [jnp.array(v) for v in ([1, 0, 2], [0, 0, 1], [3, 4, 1], [1, 0, 0])]
    for rel, enums in (
        ("treex/metrics/utils.py", "treex/metrics/utils.py"),
        (
            "treex/metrics/tm_port/functional/classification/accuracy.py",
            "treex/metrics/tm_port/utilities/enums.py",
        ),
    ):
        scope: dict[str, Any] = {"enum": enum, "Enum": enum.Enum, "jnp": jnp, "np": np}
        scope.update(typing=typing, tp=typing, Optional=typing.Optional, Union=typing.Union)
        scope.update(Tuple=tuple, Tensor=jnp.ndarray, _reduce_stat_scores=lambda **k: k)
        names = {"EnumStr", "DataType", "AverageMethod", "MDMCAverageMethod"}
        load(src / enums, names, scope)
        load(src / rel, {"_accuracy_compute"}, scope)
        average, mdmc, mode = scope["AverageMethod"], scope["MDMCAverageMethod"], scope["DataType"]
        compute = scope["_accuracy_compute"]
        run(
            "treex " + rel.rsplit("/", 1)[1],
            lambda c=compute, a=average, m=mdmc, d=mode: c(*counts, a.NONE, m.GLOBAL, d.MULTICLASS),
            rel.rsplit("/", 1)[1],
        )


def meent_delta_vector(src: Path) -> None:
    """smm_util.py:238: delta_vector(P, Q) writes into jnp.zeros."""
    scope = load(src / "meent/on_jax/emsolver/smm_util.py", {"delta_vector"}, {"jnp": jnp})
    run("meent smm_util.py:238", lambda: scope["delta_vector"](3, 3), "smm_util.py")


def tornadox_compile_init(src: Path) -> None:
    """odefilter.py:104: solution_generator(..., compile_init=True) jits the 6-parameter
    bound initialize with static_argnums=(0, 1, 5, 6)."""
    sys.modules["jax.config"] = NS(config=jax.config)  # type: ignore[assignment]  # gone in 0.12
    sys.modules.setdefault("tqdm", NS(tqdm=None))  # type: ignore[arg-type]
    sys.path.insert(0, str(src))
    import tornadox  # type: ignore[import-not-found]

    def first_state() -> None:
        solver = tornadox.ek0.KroneckerEK0()
        for _ in solver.solution_generator(
            tornadox.ivp.vanderpol(t0=0.0, tmax=0.5), compile_init=True
        ):
            break

    run("tornadox odefilter.py:104", first_state, "odefilter.py")


def gwkokab_jaxspence(src: Path) -> None:
    """_analytic_spin_prior.py:160/161/174/201/212/236: jaxspence and its series, NumPy
    functions on the values lax.cond traces (the module's `np` is NumPy)."""
    path = src / "gwkokab/poisson_mean/_analytic_spin_prior.py"
    spec = importlib.util.spec_from_file_location("asp", path)
    assert spec is not None and spec.loader is not None
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    z = jnp.complex64(0.3 + 0.1j)
    file = path.name
    run("jaxspence", lambda: m.jaxspence(z), file)
    run("jit(cspence_series0)", lambda: jax.jit(m.cspence_series0)(z), file)
    run("jit(cspence_series1)", lambda: jax.jit(m.cspence_series1)(z), file)
    # the lines behind the first raise in each trace, each traced alone
    run(
        "line 160 np.abs(1 - z)",
        lambda: jax.jit(lambda z: m.np.abs(1 - z))(z),
        "fresh_s34_lines.py",
    )
    run(
        "line 161 np.log(z - 1)",
        lambda: jax.jit(lambda z: m.np.log(z - 1))(z),
        "fresh_s34_lines.py",
    )
    run(
        "line 201/236 np.where(z == 0, ...)",
        lambda: jax.jit(lambda z: m.np.where(z == 0, 1.0, z))(z),
        "fresh_s34_lines.py",
    )


def brainevent_grads(src: Path) -> None:
    """_test_util.py:466: check_event_op_grads's jax.jvp of a custom_vjp op (the one of
    _test_util_test.py's test_rejects_raw_weight_gradient, and one with a right bwd)."""
    sys.path.insert(0, str(src))
    from brainevent._op.util import event_factor  # type: ignore[import-not-found]
    from brainevent._test_util import check_event_op_grads  # type: ignore[import-not-found]

    w = jax.random.normal(jax.random.key(0), (3, 4))
    x = jnp.array([1.0, 0.0, 1.0])

    def make(right: bool) -> Any:
        @jax.custom_vjp
        def op(w: Any, v: Any) -> Any:
            return event_factor(v, dtype=v.dtype) @ w

        def bwd(res: Any, ct: Any) -> Any:
            v = event_factor(res[1], dtype=res[1].dtype) if right else res[1]
            return jnp.outer(v, ct), res[0] @ ct

        op.defvjp(lambda w, v: (op(w, v), (w, v)), bwd)
        return op

    for right in (False, True):
        run(
            "right bwd" if right else "the test's bwd",
            lambda r=right: check_event_op_grads(
                make(r), lambda w, v: v @ w, w, x, check_vmap=False
            ),
            "brainevent/_test_util.py",
        )


def brainpy_hh_update(src: Path) -> None:
    """access_methods_test.py:105: HH.update writes into the jnp.zeros its __init__ set."""
    sys.path.insert(0, str(src))
    spec = importlib.util.spec_from_file_location("amt", src / "brainpy/access_methods_test.py")
    assert spec is not None and spec.loader is not None
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    run(
        "brainpy access_methods_test.py:105",
        lambda: m.HH(10).update(0.0, 0.1),
        "access_methods_test.py",
    )


CASES: dict[str, Callable[[Path], None]] = {
    "tf2jax-paddings": tf2jax_paddings,
    "treex-accuracy": treex_accuracy,
    "meent-delta-vector": meent_delta_vector,
    "tornadox-compile-init": tornadox_compile_init,
    "gwkokab-jaxspence": gwkokab_jaxspence,
    "brainevent-grads": brainevent_grads,
    "brainpy-hh-update": brainpy_hh_update,
}

if __name__ == "__main__":
    CASES[sys.argv[1]](Path(sys.argv[2]))
