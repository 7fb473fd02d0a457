# realbug: flax-4676-nnx-merge-extra-state (fixed)
# source: https://github.com/google/flax/issues/4676
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(123))
state1 = nnx.state(model)
graphdef, state2 = nnx.split(model)
state = nnx.merge_state(state1, state2)
nnx.merge(graphdef, state)
