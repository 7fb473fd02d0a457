# realbug: flax-4676-nnx-merge-extra-state
# source: https://github.com/google/flax/issues/4676
# kind: library-contract
# raises: ValueError: Incorrect number of leaves, expected 2 leaves, but got 4
# The report's program: `nnx.merge` given a second state after split's (merging several states
# is no longer supported; `nnx.merge_state` does it). Flax 0.10.5 raised a TypeError; 0.12 a
# ValueError.
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(123))
state = nnx.state(model)
nnx.merge(*nnx.split(model), state)  # BUG
