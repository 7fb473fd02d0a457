"""Feature transforms shared by the training and evaluation scripts."""

import numpy as np


def log_features(x, eps=1e-6):
    return np.log1p(np.abs(x) + eps)  # expect: tracer-array-conversion-error


def standardize(x, mean, std):
    return (x - mean) / std
