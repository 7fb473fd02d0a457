# realbug: picogpt-9-jnp-append-list-inputs
# source: https://github.com/jaymody/picoGPT/issues/9
# kind: list-argument
# raises: TypeError: ravel requires ndarray or scalar arguments, got <class 'list'> at position 0
# picoGPT's decode loop with `import jax.numpy as np` in place of NumPy, as the reporter ran
# it: the encoder returns a Python list of token ids, and jnp.append, unlike np.append, does
# not take a list. The GPT-2 forward pass is cut to an embedding lookup and a projection
# (the prompt's ids indexed as an array, as picoGPT's gpt2() did after its own fix). On
# jax 0.12 the check that refuses the list is jnp.append's ravel of its first argument.
import jax.numpy as np


def gpt2(inputs, wte, wpe):
    x = wte[np.array(inputs)] + wpe[np.arange(len(inputs))]
    return x @ wte.T


def generate(inputs, params, n_tokens_to_generate):
    for _ in range(n_tokens_to_generate):  # auto-regressive decode loop
        logits = gpt2(inputs, **params)  # model forward pass
        next_id = np.argmax(logits[-1])  # greedy sampling
        inputs = np.append(inputs, [next_id])  # BUG
    return list(inputs[len(inputs) - n_tokens_to_generate:])  # only return generated ids


params = {"wte": np.ones((50, 8)), "wpe": np.ones((16, 8))}
input_ids = [3, 14, 15, 9]  # the encoder's output: a list
output_ids = generate(input_ids, params, 4)
