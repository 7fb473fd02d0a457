"""Numerics helpers shared by training and evaluation (written against NumPy)."""

import numpy as np


def softmax(logits, axis=-1):
    shifted = logits - logits.max(axis=axis, keepdims=True)
    exps = np.exp(shifted)  # expect: tracer-array-conversion-error
    return exps / exps.sum(axis=axis, keepdims=True)


def accuracy(probs, labels):
    return float(np.mean(np.argmax(probs, axis=-1) == labels))
