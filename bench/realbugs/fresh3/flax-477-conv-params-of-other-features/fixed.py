# realbug: flax-477-conv-params-of-other-features (fixed)
# source: https://github.com/google/flax/issues/477
from flax import linen as nn
from jax import random

key1, key2 = random.split(random.PRNGKey(0), 2)
x = random.uniform(key1, (1, 3, 3, 1))

conv_module_3 = nn.Conv(features=3, kernel_size=(3, 3))
param_features_3 = conv_module_3.init(key2, x)

y = conv_module_3.apply(param_features_3, x)

assert y.shape[3] == 3, "module output has improper shape"
