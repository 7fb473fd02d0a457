"""lightweight-mmm ``lightweight_mmm.py:520`` (jit-unhashable-static-argument): ``predict``
calls ``self._predict``, jitted with ``static_argnums=(0,)``; the class is
``@dataclasses.dataclass(unsafe_hash=True, eq=False)`` with its own ``__eq__``, and
``unsafe_hash=True`` gives it a ``__hash__`` all the same.  Fits a tiny model (two warmup and
two samples) and predicts.  True when ``predict`` raises ValueError for an unhashable static
argument.  ``media_transforms.apply_exponent_safe`` calls ``jnp.where`` with keywords, which
the pinned JAX refuses (a separate, true bug at its line 189): the driver replaces it with the
same computation in positional form so the fit reaches ``predict``.

    python lightweight_mmm_predict_static_self.py
"""

import jax.numpy as jnp
import numpy as np
from lightweight_mmm import lightweight_mmm, media_transforms


def apply_exponent_safe(data, exponent):
    return jnp.where(data == 0, 1, data) ** exponent * (data != 0)


media_transforms.apply_exponent_safe = apply_exponent_safe

rng = np.random.default_rng(0)
media = jnp.asarray(rng.uniform(1, 5, (20, 2)))
target = jnp.asarray(rng.uniform(5, 10, 20))
costs = jnp.ones(2)
mmm = lightweight_mmm.LightweightMMM(model_name="adstock")
mmm.fit(
    media=media,
    media_prior=costs,
    target=target,
    number_warmup=2,
    number_samples=2,
    number_chains=1,
)
print("hashable:", hash(mmm) is not None)
try:
    prediction = mmm.predict(media=media[:4], seed=1)
except ValueError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: predict ran (lightweight_mmm.py:520), {prediction.shape}")
