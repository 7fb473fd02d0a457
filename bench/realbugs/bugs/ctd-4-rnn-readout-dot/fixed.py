# realbug: ctd-4-rnn-readout-dot (fixed)
# source: https://github.com/google-research/computation-thru-dynamics/issues/4
import jax
import jax.numpy as np


def affine(params, x):
    return np.dot(params["wO"], x) + params["bO"]


params = {"wO": np.ones((1, 100)), "bO": np.zeros(1)}
hidden = np.ones((128, 100))
print(jax.vmap(affine, in_axes=(None, 0))(params, hidden).shape)
