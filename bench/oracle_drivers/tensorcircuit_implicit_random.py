"""tensorcircuit 0.12.0 ``tensorcircuit/backends/jax_backend.py:471,475,493,497,513,517``:
``libjax.random.split(g)`` in ``implicit_randn``/``implicit_randu``/``implicit_randc``, flagged
as given ``g``, None.  When ``getattr(self, "g", None)`` is None the method calls
``self.set_random_state()``, which sets ``self.g`` to a key, and reads it again.  tensorcircuit
does not import on the NumPy 2 the pinned JAX needs (``np.reshape(..., newshape=...)`` at import
in ``gates.py``), so the driver first lets ``numpy.reshape`` take that old keyword, then calls
the three methods on a fresh JAX backend (``g`` removed) outside ``jax.jit``, and the first two
inside it too (``implicit_randc`` inside jit fails later, in ``jax.random.choice``, on a traced
``a``: not the flagged lines)."""

import jax
import numpy

original_reshape = numpy.reshape


def reshape(a, *args, newshape=None, **kwargs):
    return original_reshape(a, *args, *(() if newshape is None else (newshape,)), **kwargs)


numpy.reshape = reshape
numpy.ComplexWarning = numpy.exceptions.ComplexWarning  # moved in NumPy 2
import tensorcircuit as tc  # noqa: E402

try:
    said = []
    backend = tc.get_backend("jax")
    for make in ("outside", "inside jit"):
        calls = (
            lambda: backend.implicit_randn([2]),
            lambda: backend.implicit_randu([2]),
            lambda: backend.implicit_randc(3, [2]),
        )
        for call in calls if make == "outside" else calls[:2]:  # randc's choice needs a concrete a
            backend.__dict__.pop("g", None)
            value = call() if make == "outside" else jax.jit(call)()
            said.append(f"{make} {value.shape}")
except TypeError as error:  # the finding's claim
    print(f"verdict: true: TypeError: {str(error).splitlines()[0][:200]}")
else:
    print(f"verdict: false: each method split a key set by set_random_state: {said}")
