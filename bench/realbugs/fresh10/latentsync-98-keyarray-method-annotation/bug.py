# realbug: latentsync-98-keyarray-method-annotation
# source: https://github.com/bytedance/LatentSync/issues/98
# kind: removed-name
# raises: AttributeError: module 'jax.random' has no attribute 'KeyArray'
# LatentSync's app imports diffusers, whose FlaxModelMixin (modeling_flax_utils.py) annotates
# `init_weights`'s key with `jax.random.KeyArray`, removed in JAX 0.4.24; the annotation is
# evaluated when the class body runs. The mixin is reduced to that method.
from typing import Dict

import jax


class FlaxModelMixin:
    def init_weights(self, rng: jax.random.KeyArray) -> Dict:  # BUG
        raise NotImplementedError(f"init_weights method has to be implemented for {self}")


print(FlaxModelMixin.__name__)
