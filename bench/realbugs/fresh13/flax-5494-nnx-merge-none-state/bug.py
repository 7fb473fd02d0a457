# realbug: flax-5494-nnx-merge-none-state
# source: https://github.com/google/flax/issues/5494
# kind: nnx-merge
# raises: ValueError: Incorrect number of leaves
# `nnx.merge` given a state of the wrong type (None) instead of the split state.
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
restored = nnx.merge(graphdef, None)  # BUG
print(restored)
