# realbug: flax-477-conv-params-of-other-features
# source: https://github.com/google/flax/issues/477
# kind: param-shape
# raises: ScopeParamShapeError: .*initializer is expected to generate shape
from flax import linen as nn
from jax import random

key1, key2 = random.split(random.PRNGKey(0), 2)
x = random.uniform(key1, (1, 3, 3, 1))

conv_module_5 = nn.Conv(features=5, kernel_size=(3, 3))
param_features_5 = conv_module_5.init(key2, x)

conv_module_3 = nn.Conv(features=3, kernel_size=(3, 3))

y = conv_module_3.apply(param_features_5, x)  # BUG

assert y.shape[3] == 3, "module output has improper shape"
