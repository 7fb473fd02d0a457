# realbug: jax-7703-pmap-static-array-field (fixed)
# source: https://github.com/jax-ml/jax/issues/7703
import dataclasses
from typing import Any

import jax


@dataclasses.dataclass(unsafe_hash=True)
class C:
    x: Any


x = jax.numpy.zeros([1])
c = C(2.0)


def f(c, x):
    return x * c.x


print(jax.pmap(f, static_broadcasted_argnums=0)(c, x))
