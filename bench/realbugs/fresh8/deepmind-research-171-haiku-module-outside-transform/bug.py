# realbug: deepmind-research-171-haiku-module-outside-transform
# source: https://github.com/google-deepmind/deepmind-research/issues/171
# kind: library-contract
# raises: ValueError: All `hk.Module`s must be initialized inside an `hk.transform`
# The report constructs `NFNet(num_classes=5)` at top level; NFNet (an `hk.Module` of the nfnets
# repository) is reduced to a module of the same name with one linear head.
import haiku as hk
import jax
import jax.numpy as jnp


class NFNet(hk.Module):
    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes

    def __call__(self, x):
        return hk.Linear(self.num_classes)(x)


model = NFNet(num_classes=5)  # BUG
