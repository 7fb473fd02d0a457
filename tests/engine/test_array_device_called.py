"""``array-device-called``: ``x.device()`` on a concrete JAX array calls its Device (``device``
is a property on current JAX), so Python raises TypeError; each case with its close negative
(the labels: the corpus programs and the rule's examples, run on JAX; the message below was
read on jax 0.12.0.1: ``'jaxlib._jax.Device' object is not callable``)."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "array-device-called"


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "placement.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == CODE]


def _lines(tmp_path: Path, program: str) -> list[int]:
    """The 0-based line of each finding."""
    return [f.span.start.line for f in _found(tmp_path, program)]


def test_a_concrete_arrays_device_called_is_found(tmp_path: Path) -> None:
    program = "import jax.numpy as jnp\na = jnp.arange(8)\nprint(a.device())\n"
    found = _found(tmp_path, program)
    assert [f.span.start.line for f in found] == [2]
    assert "not callable" in found[0].message
    assert "x.devices()" in found[0].message


def test_the_property_read_and_devices_called_are_silent(tmp_path: Path) -> None:
    program = (
        "import jax\nimport jax.numpy as jnp\n"
        "d = jax.devices()[0]\n"
        "a = jax.device_put(jnp.arange(8), d)\n"
        "print(a.device, a.devices(), a.device == d)\n"
    )
    assert _lines(tmp_path, program) == []


def test_an_item_of_devices_called_is_found(tmp_path: Path) -> None:
    program = "import jax\nd = jax.devices()[0]\nd()\n"
    assert _lines(tmp_path, program) == [2]


def test_a_device_put_result_reached_through_a_helper(tmp_path: Path) -> None:
    program = (
        "import jax\nimport jax.numpy as jnp\n"
        "def place(x):\n"
        "    return jax.device_put(x, jax.devices()[0])\n"
        "y = place(jnp.ones(3))\n"
        "ok = y.device() == jax.devices()[0]\n"
    )
    assert _lines(tmp_path, program) == [5]


def test_a_tracer_is_silent(tmp_path: Path) -> None:
    # inside jit the array is a tracer: it has no device at all (AttributeError), not this
    program = (
        "import jax\nimport jax.numpy as jnp\n"
        "@jax.jit\n"
        "def f(x):\n"
        "    print(x.device())\n"
        "    return x\n"
        "f(jnp.ones(3))\n"
    )
    assert _lines(tmp_path, program) == []


def test_a_parameter_of_unknown_callers_is_silent(tmp_path: Path) -> None:
    # what reaches `x` is not known: a torch tensor's or a user class's device() is a method
    program = "def where(x):\n    return x.device()\n"
    assert _lines(tmp_path, program) == []


def test_a_user_method_named_device_is_silent(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n"
        "class Placed:\n"
        "    def __init__(self, x):\n"
        "        self.x = x\n"
        "    def device(self):\n"
        "        return self.x.device\n"
        "print(Placed(jnp.ones(3)).device())\n"
    )
    assert _lines(tmp_path, program) == []


def test_a_numpy_arrays_device_is_silent(tmp_path: Path) -> None:
    # NumPy 2's device is the string 'cpu': calling it raises too, but not this error
    program = "import numpy as np\na = np.ones(3)\nprint(a.device())\n"
    assert _lines(tmp_path, program) == []


def test_a_call_under_try_catching_type_error_is_silent(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n"
        "a = jnp.arange(8)\n"
        "try:\n"
        "    where = a.device()\n"
        "except TypeError:\n"
        "    where = a.device\n"
    )
    assert _lines(tmp_path, program) == []
