# realbug: popjaxrl-1-devicearray-field-annotation
# source: https://github.com/luchris429/popjaxrl/issues/1
# kind: removed-api
# raises: AttributeError: module 'jax.numpy' has no attribute 'DeviceArray'
# The report's traceback shows the field annotation in algorithms/s5.py's S5SSM; the module's
# other fields and its body are left out.
from flax import linen as nn
import jax.numpy as np


class S5SSM(nn.Module):
    Lambda_re_init: np.DeviceArray  # BUG
    H: int

    @nn.compact
    def __call__(self, x):
        return x * self.Lambda_re_init
