# realbug: flax-3296-flax-nn-removed
# source: https://github.com/google/flax/issues/3296
# kind: removed-api
# raises: AttributeError: module 'flax' has no attribute 'nn'
# mip-NeRF's utils.py registers `flax.nn.relu` with gin; the old `flax.nn` API is gone. The gin
# registration is reduced to a dict of activations.
import flax

activations = {"relu": flax.nn.relu}  # BUG
