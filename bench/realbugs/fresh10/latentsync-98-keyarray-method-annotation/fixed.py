# realbug: latentsync-98-keyarray-method-annotation (fixed)
# source: https://github.com/bytedance/LatentSync/issues/98
from typing import Dict

import jax


class FlaxModelMixin:
    def init_weights(self, rng: jax.Array) -> Dict:
        raise NotImplementedError(f"init_weights method has to be implemented for {self}")


print(FlaxModelMixin.__name__)
