"""``x.device()`` on a concrete JAX array: ``device`` is a property on current JAX (the method
of that name was deprecated in 0.4.27 and replaced by the property in 0.4.31), so the call calls
the array's Device, and Python raises TypeError ('Device' object is not callable).

Reported where the interpreter knows the array is concrete (made outside any transform; a
tracer has no ``device`` at all) and not a pytree nobody knows, or where an item of
``jax.devices()`` is called.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ArrayDeviceCalled(ShapeRule):
    NAME = "array-device-called"
    CODE = "array-device-called"
    RECORD_ID = "4b7810b7b7cd6306"
    KINDS = frozenset({"device-called"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Read the property without calling it (`x.device`), or call `x.devices()` for the set "
        "of devices the array is on."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

device = jax.devices()[0]
x = jax.device_put(jnp.arange(4), device)
assert x.device == device
assert x.devices() == {device}
""",
        # a tracer has no device; a user object's device method is its own
        """
import jax.numpy as jnp

class Placed:
    def __init__(self, x):
        self.x = x

    def device(self):
        return "cpu"

print(Placed(jnp.ones(3)).device())
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

a = jnp.arange(8)
print("Device", a.device())  # expect: array-device-called
""",
        """
import jax
import jax.numpy as jnp

def placed_on(x, device):
    return jax.device_put(x, device)

device = jax.devices()[0]
y = placed_on(jnp.ones(3), device)
assert y.device() == device  # expect: array-device-called
""",
    )
