# realbug: jax-7703-pmap-static-array-field
# source: https://github.com/jax-ml/jax/issues/7703
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments
import dataclasses
from typing import Any

import jax


@dataclasses.dataclass(unsafe_hash=True)
class C:
    x: Any


x = jax.numpy.zeros([1])
c = C(x)


def f(c, x):
    return x * c.x


print(jax.pmap(f, static_broadcasted_argnums=0)(c, x))  # BUG
