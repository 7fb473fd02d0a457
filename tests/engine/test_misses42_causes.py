"""Stop 42's models and precision fixes, each a program labelled by running it on the pinned
JAX (``test_misses42_causes_on_jax.py``): the code that runs gets no error finding, its close
variant that raises keeps (or gains) its finding.

- An optax optimizer that keeps a state of each parameter, updated with updates of another
  structure than the params its ``init`` saw (``optax_api.update_structure``): the gradient of
  the inputs taken instead of the parameters' (optax#808, optax#366), a dict of other keys.
- A nested ``def`` whose every decorator is a JAX transform (``@jax.jit``), which its function
  never reads, is never called: not run for any caller (``interpreter._never_called``).
- An attribute of a user's class a test replaced (``mock.patch.object(Loader, "batch", f)``,
  ``monkeypatch.setattr``, ``@mock.patch("pkg.loader.Loader.batch")``) is unknown when read
  on the path after the patch (``interpreter._patched_read``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import error_codes, fresh_engine

_OPTAX = """
import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}


def loss(x, params):
    return jnp.sum(x @ params["w"] + params["b"])


opt = optax.OPTIMIZER(1e-3)
state = opt.init(params)
grads = GRADS
updates, state = opt.update(grads, state, params)
"""


def _optax(grads: str, optimizer: str = "adam") -> str:
    return _OPTAX.replace("GRADS", grads).replace("OPTIMIZER", optimizer)


_OPTAX_JIT = """
import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
opt = optax.adamw(1e-3)


@jax.jit
def step(x, params, state):
    def loss(x, params):
        return jnp.sum(x @ params["w"] + params["b"])

    grads = jax.grad(loss, argnums=ARGNUMS)(x, params)
    updates, state = opt.update(grads, state, params)
    return optax.apply_updates(params, updates), state


step(jnp.ones((4, 3)), params, opt.init(params))
"""

_LINEN = """
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


x = jnp.ones((8, 4))
params = Model().init(jax.random.PRNGKey(0), x)
opt = optax.adam(1e-3)
state = opt.init(params)


def loss(x, params):
    return jnp.mean(Model().apply(params, x) ** 2)


grads = jax.grad(loss, argnums=ARGNUMS)(x, params)
updates, state = opt.update(grads, state)
"""

_NESTED_JIT = """
import jax
import jax.numpy as jnp


def island_step(state, n_islands):
    DECORATOR
    def process_island(island_idx):
        mask = state == island_idx
        return state[mask]

    return RETURN


def run(observations):
    def scan_fn(state, obs):
        return island_step(state, 2) + obs, None

    return jax.lax.scan(scan_fn, jnp.zeros(4), observations)


run(jnp.zeros((3, 4)))
"""


def _nested(decorator: str, returned: str = "state + n_islands") -> str:
    return _NESTED_JIT.replace("DECORATOR", decorator).replace("RETURN", returned)


_PATCHED = """
from unittest import mock

import jax.numpy as jnp


class Loader:
    def batch(self):
        return jnp.ones((3, 4))

    def other(self):
        return jnp.ones((5, 3))


class Shuffled(Loader):
    pass


def step(loader):
    x = loader.batch()
    return x @ jnp.ones((3, 2))


def test_step():
    BEFORE
    with PATCH:
        assert step(INSTANCE).shape == (5, 2)


test_step()
"""


def _patched(
    patch: str = 'mock.patch.object(Loader, "batch", lambda self: jnp.ones((5, 3)))',
    instance: str = "Loader()",
    before: str = "pass",
) -> str:
    return _PATCHED.replace("PATCH", patch).replace("INSTANCE", instance).replace("BEFORE", before)


_SETATTR = """
import jax.numpy as jnp


class Loader:
    def batch(self):
        return jnp.ones((3, 4))


def step(loader):
    return loader.batch() @ jnp.ones((3, 2))


def test_step(monkeypatch):
    monkeypatch.setattr(OWNER, "batch", lambda self: jnp.ones((5, 3)))
    assert step(Loader()).shape == (5, 2)


class _MonkeyPatch:
    def setattr(self, owner, name, value):
        setattr(owner, name, value)


test_step(_MonkeyPatch())
"""

_MISMATCH = "dot-general-contracting-dims-mismatch"
_OPTAX_CODE = "optax-update-structure-mismatch"

#: name -> (program, the error codes jaxlsp must find: none where the program runs).
CASES: list[tuple[str, str, set[str]]] = [
    # optax: updates of the params' structure run; the gradient of the inputs, a dict of other
    # keys, a tuple for the dict raise (TypeError, ValueError, ValueError)
    ("optax_grads_of_params", _optax("jax.grad(loss, argnums=1)(jnp.ones((4, 3)), params)"), set()),
    ("optax_grads_of_inputs", _optax("jax.grad(loss)(jnp.ones((4, 3)), params)"), {_OPTAX_CODE}),
    ("optax_fewer_keys", _optax('{"w": jnp.ones((3, 2))}', "rmsprop"), {_OPTAX_CODE}),
    ("optax_tuple_for_dict", _optax("(jnp.ones((3, 2)), jnp.zeros(2))", "lion"), {_OPTAX_CODE}),
    # sgd keeps no state of the leaves: it scales any updates
    ("optax_sgd_any_updates", _optax("jnp.ones((3, 2))", "sgd"), set()),
    # a structure not known (a dict filled by a loop of unknown length) claims nothing
    (
        "optax_unknown_updates",
        _optax("{k: v for k, v in params.items() if v.ndim > 0 or len(k) > 9}"),
        set(),
    ),
    # the state carried into a jitted step keeps its params' structure
    ("optax_jit_step_params", _OPTAX_JIT.replace("ARGNUMS", "1"), set()),
    ("optax_jit_step_inputs", _OPTAX_JIT.replace("ARGNUMS", "0"), {_OPTAX_CODE}),
    # linen's init makes a dict: one array for it raises, the params' gradient runs
    ("optax_linen_params", _LINEN.replace("ARGNUMS", "1"), set()),
    ("optax_linen_inputs", _LINEN.replace("ARGNUMS", "0"), {_OPTAX_CODE}),
    # a nested jitted def its function never reads is never called; called, it raises
    ("nested_jit_never_called", _nested("@jax.jit"), set()),
    (
        "nested_partial_jit_never_called",
        _nested("@functools.partial(jax.jit, static_argnums=())").replace(
            "import jax\n", "import functools\n\nimport jax\n", 1
        ),
        set(),
    ),
    (
        "nested_jit_called",
        _nested("@jax.jit", "process_island(0).sum() + state"),
        {"non-concrete-boolean-index-error"},
    ),
    # a class's attribute patched for a test: unknown after the patch
    ("patch_object_class", _patched(), set()),
    ("patch_object_base_read_on_subclass", _patched(instance="Shuffled()"), set()),
    ("monkeypatch_setattr_class", _SETATTR.replace("OWNER", "Loader"), set()),
    # another attribute patched, another class patched, or a call before the patch: found
    (
        "patch_object_other_attribute",
        _patched('mock.patch.object(Loader, "other", lambda self: jnp.ones((5, 3)))'),
        {_MISMATCH},
    ),
    (
        "patch_object_subclass_read_on_base",
        _patched('mock.patch.object(Shuffled, "batch", lambda self: jnp.ones((5, 3)))'),
        {_MISMATCH},
    ),
    ("patch_object_called_before", _patched(before="step(Loader())"), {_MISMATCH}),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected, name


#: ``@mock.patch("pkg.loader.Loader.batch", ...)``: the class named by its dotted path.
SUPPORT = {
    "pkg/__init__.py": "",
    "pkg/loader.py": """
        import jax.numpy as jnp


        class Loader:
            def batch(self):
                return jnp.ones((3, 4))

            def other(self):
                return jnp.ones((5, 3))


        def step(loader):
            return loader.batch() @ jnp.ones((3, 2))
        """,
}

_DOTTED = """
from unittest import mock

import jax.numpy as jnp

from pkg.loader import Loader, step


@mock.patch("pkg.loader.TARGET", lambda self: jnp.ones((5, 3)))
def test_step():
    assert step(Loader()).shape == (5, 2)


test_step()
"""

#: name -> (program beside SUPPORT, the error codes jaxlsp must find anywhere).
DOTTED: list[tuple[str, str, set[str]]] = [
    ("patch_dotted_class_attribute", _DOTTED.replace("TARGET", "Loader.batch"), set()),
    ("patch_dotted_other_name", _DOTTED.replace("TARGET", "Loader.other"), {_MISMATCH}),
]


@pytest.mark.parametrize(("name", "source", "expected"), DOTTED, ids=[c[0] for c in DOTTED])
def test_a_class_attribute_patched_by_its_dotted_path(
    name: str, source: str, expected: set[str], tmp_path: Path
) -> None:
    for relative, text in SUPPORT.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(textwrap.dedent(text), encoding="utf-8")
    main = tmp_path / f"{name}.py"
    main.write_text(source, encoding="utf-8")
    analysis = fresh_engine(Workspace([tmp_path])).analyze(source, str(main))
    found = {f.code for f in (*analysis.findings, *analysis.elsewhere) if f.severity == "error"}
    assert found == expected


_EQUINOX = """
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

model = eqx.nn.Linear(2, 1, key=jax.random.PRNGKey(1))
optim = optax.adam(learning_rate=0.1)
state = optim.init(eqx.filter(model, eqx.is_array))


def loss(model, x):
    return jnp.mean(model(x))


grads = GRADS
updates, state = optim.update(grads, state)
"""

EQUINOX: list[tuple[str, str, set[str]]] = [
    # the model's gradient is a Linear again; the input's is one array (equinox#458)
    (
        "optax_equinox_grads_of_model",
        _EQUINOX.replace("GRADS", "eqx.filter_grad(loss)(model, jnp.zeros(2))"),
        set(),
    ),
    (
        "optax_equinox_grads_of_input",
        _EQUINOX.replace("GRADS", "jax.grad(lambda x: loss(model, x))(jnp.zeros(2))"),
        {_OPTAX_CODE},
    ),
]


@pytest.mark.parametrize(("name", "source", "expected"), EQUINOX, ids=[c[0] for c in EQUINOX])
def test_an_equinox_model_filtered_is_a_container(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected, name
