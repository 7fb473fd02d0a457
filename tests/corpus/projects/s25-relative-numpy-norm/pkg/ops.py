import numpy as np


def l2_normalize(x, eps=1e-6):
    return x / (
        np.linalg.norm(x, axis=-1, keepdims=True) + eps  # expect: tracer-array-conversion-error
    )
