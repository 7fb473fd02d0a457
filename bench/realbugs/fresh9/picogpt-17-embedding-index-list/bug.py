# realbug: picogpt-17-embedding-index-list
# source: https://github.com/jaymody/picoGPT/pull/17
# kind: list-index
# raises: TypeError: Using a non-tuple sequence for multidimensional indexing is not allowed
# picoGPT's token and positional embeddings with jax.numpy throughout (the PR's report: the
# token ids are a Python list and `range`, which a JAX array does not take as an index). The
# transformer blocks are left out; the embedding tables are small constant arrays.
import jax.numpy as np


def gpt2(inputs, wte, wpe):
    # token + positional embeddings
    x = wte[inputs] + wpe[range(len(inputs))]  # BUG
    return x @ wte.T


wte = np.ones((50, 8))
wpe = np.ones((16, 8))
inputs = [3, 14, 15, 9]
logits = gpt2(inputs, wte, wpe)
