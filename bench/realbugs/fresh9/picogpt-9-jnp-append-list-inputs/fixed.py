# realbug: picogpt-9-jnp-append-list-inputs (fixed)
# source: https://github.com/jaymody/picoGPT/issues/9
import jax.numpy as np


def gpt2(inputs, wte, wpe):
    x = wte[np.array(inputs)] + wpe[np.arange(len(inputs))]
    return x @ wte.T


def generate(inputs, params, n_tokens_to_generate):
    for _ in range(n_tokens_to_generate):  # auto-regressive decode loop
        logits = gpt2(inputs, **params)  # model forward pass
        next_id = np.argmax(logits[-1])  # greedy sampling
        inputs.append(int(next_id))  # append prediction to input
    return inputs[len(inputs) - n_tokens_to_generate:]  # only return generated ids


params = {"wte": np.ones((50, 8)), "wpe": np.ones((16, 8))}
input_ids = [3, 14, 15, 9]  # the encoder's output: a list
output_ids = generate(input_ids, params, 4)
