"""neural-tangents 0.6.5: its package does not import on the pinned JAX (``jax.core.Jaxpr`` is
gone), so the flagged modules are loaded alone from their files and the flagged code is run
with the operands the findings name.

- ``utils``: ``neural_tangents/_src/utils/utils.py:277`` ``diff = x1 - x2`` in ``x1_is_x2``,
  flagged for x1 float32[3,8,8,3] and x2 float32[2,8,8,3]: the function returns False at
  ``if x1.shape != x2.shape`` first.
- ``dtype``: ``tests/test_utils.py:67`` (``_dtype``) and ``:266`` (``_assertAllClose``),
  flagged for a list of arrays float32[4,2,3,2] and float32[3,2,3,2] given to ``np.asarray``:
  ``_assertAllClose`` sends a list down its ``_is_sequence`` arm, item by item, and ``_dtype``
  of an array returns its ``dtype`` first."""

import importlib.util
import sys
from pathlib import Path

import jax.numpy as jnp
import numpy

site = Path(numpy.__file__).parent.parent
if not (site / "neural_tangents").exists():
    site = next(p for p in map(Path, sys.path) if (p / "neural_tangents").exists())


def load(name: str, relative: str):
    spec = importlib.util.spec_from_file_location(name, site / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ran = []
try:
    if sys.argv[1] == "utils":
        utils = load("nt_utils_alone", "neural_tangents/_src/utils/utils.py")
        x1, x2 = jnp.ones((3, 8, 8, 3)), jnp.ones((2, 8, 8, 3))
        result = utils.x1_is_x2(x1, x2)
        same = utils.x1_is_x2(x1, x1 + 0)
        said = f"x1_is_x2 returned {result} for the two shapes (and {bool(same)} for equal ones)"
    else:
        test_utils = load("nt_test_utils_alone", "tests/test_utils.py")
        original = test_utils.np.asarray

        def spy(x, *args, **kwargs):
            ran.append(type(x).__name__)
            return original(x, *args, **kwargs)

        test_utils.np = type("NumpySpy", (), {"__getattr__": lambda s, n: getattr(numpy, n)})()
        test_utils.np.asarray = spy
        from absl import flags

        flags.FLAGS(["driver"])
        case = test_utils.NeuralTangentsTestCase()
        items = [jnp.ones((4, 2, 3, 2)), jnp.ones((3, 2, 3, 2))]
        case._assertAllClose(items, [i + 0 for i in items], check_dtypes=True)
        said = f"_assertAllClose of the two lists passed; np.asarray got {sorted(set(ran))}"
except (TypeError, ValueError) as error:  # the finding's claim (JAX's shape errors)
    print(f"verdict: true: {type(error).__name__}: {error}"[:300])
else:
    print(f"verdict: false: {said}")
