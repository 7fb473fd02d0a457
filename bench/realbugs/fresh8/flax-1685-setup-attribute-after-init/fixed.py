# realbug: flax-1685-setup-attribute-after-init (fixed)
# source: https://github.com/google/flax/issues/1685
from flax import linen as nn
from jax import random


class MyClass(nn.Module):
    def setup(self):
        self.myvar = 42

    def __call__(self, x):
        return x * self.myvar


model = MyClass()
params = model.init(random.PRNGKey(0), 0)
print(model.bind(params).myvar)
