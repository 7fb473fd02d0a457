# realbug: picogpt-17-embedding-index-list (fixed)
# source: https://github.com/jaymody/picoGPT/pull/17
import jax.numpy as np


def gpt2(inputs, wte, wpe):
    # token + positional embeddings
    x = wte[np.array(inputs)] + wpe[np.array(range(len(inputs)))]
    return x @ wte.T


wte = np.ones((50, 8))
wpe = np.ones((16, 8))
inputs = [3, 14, 15, 9]
logits = gpt2(inputs, wte, wpe)
