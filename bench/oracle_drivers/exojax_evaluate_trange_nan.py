"""exojax 2.6.0 ``exojax/opacity/premodit/lbderror.py:189``: ``tlide_line_strength[novalidmask]
= np.inf`` in ``evaluate_trange``, flagged as item assignment into a jax.Array.  Its callers
(generate_elower_grid_trange.py:78 and :83) pass ``worst_tilde_line_strength_first/second``,
which return ``jnp.max(...)``, a jax.Array; the line runs only when that array holds a NaN.
exojax's tests need its line databases (not installable here), so the driver loads
``lbderror.py`` alone (``{src}``: the unpacked wheel; its two imports besides JAX and NumPy
stubbed: a plotting module and one physical constant), checks that the caller's function
returns a jax.Array, and calls ``evaluate_trange`` on one holding a NaN."""

import importlib.util
import sys
import types

import jax
import jax.numpy as jnp
import numpy as np

constants = types.ModuleType("exojax.utils.constants")
constants.hcperk = 1.4387773538277202  # type: ignore[attr-defined]  # cm K (h c / k_B)
for name in ("exojax", "exojax.utils"):
    sys.modules.setdefault(name, types.ModuleType(name))
sys.modules["exojax.utils.constants"] = constants
sys.modules.setdefault("matplotlib", types.ModuleType("matplotlib"))
sys.modules.setdefault("matplotlib.pyplot", types.ModuleType("matplotlib.pyplot"))
spec = importlib.util.spec_from_file_location(
    "lbderror", f"{sys.argv[1]}/exojax/opacity/premodit/lbderror.py"
)
assert spec is not None and spec.loader is not None
lbderror = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lbderror)

Tarr = np.logspace(np.log10(100.0), np.log10(2000.0), 8)
x = lbderror.worst_tilde_line_strength_first(Tarr, 700.0, 500.0, 200.0)
print("the caller passes:", type(x).__name__, isinstance(x, jax.Array))
with_nan = jnp.asarray(x).at[0].set(jnp.nan)
try:
    lbderror.evaluate_trange(Tarr, with_nan, 0.01, 700.0)
except TypeError as error:  # the finding's claim (JAX's immutable-array TypeError)
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: evaluate_trange ran on a jax.Array holding a NaN")
