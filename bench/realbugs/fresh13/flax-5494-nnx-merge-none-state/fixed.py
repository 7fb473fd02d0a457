# realbug: flax-5494-nnx-merge-none-state (fixed)
# source: https://github.com/google/flax/issues/5494
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
restored = nnx.merge(graphdef, state)
print(restored)
