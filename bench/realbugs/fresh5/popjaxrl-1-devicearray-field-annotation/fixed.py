# realbug: popjaxrl-1-devicearray-field-annotation (fixed)
# source: https://github.com/luchris429/popjaxrl/issues/1
from flax import linen as nn
import jax
import jax.numpy as np


class S5SSM(nn.Module):
    Lambda_re_init: jax.Array
    H: int

    @nn.compact
    def __call__(self, x):
        return x * self.Lambda_re_init
