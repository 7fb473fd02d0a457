# realbug: flax-3296-flax-nn-removed (fixed)
# source: https://github.com/google/flax/issues/3296
import flax.linen

activations = {"relu": flax.linen.relu}
